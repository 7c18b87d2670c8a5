// The machine's reviews as the analysis store keeps them on a real SQLite
// file: one per game and engine, the queue's order (players first, then
// age), the caps, a worker's claim, progress and result, a run that fails
// and is queued again or given up, and a worker gone.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "tests/unit/db/temp_database.hpp"

using namespace yunzi;
using namespace yunzi::db;
using namespace yunzi::db::testing;

namespace {

NewAnalysis asked(GameId game, UserId by, TimeMs at, int priority = 1) {
  return NewAnalysis{game, "gnugo", priority, by, at};
}

// A store call's value, which must be there.
template <class T>
T value_of(DbResult<T> result) {
  REQUIRE(result);
  return std::move(*result);
}

// `count` positions from `first` on, as a worker reports them.
std::vector<ReportedPosition> positions_from(int first, int count) {
  std::vector<ReportedPosition> out;
  for (int move = first; move < first + count; ++move)
    out.push_back(ReportedPosition{move, R"({"move":)" + std::to_string(move) + "}"});
  return out;
}

}  // namespace

TEST_CASE_METHOD(StoreTest, "a review is asked once per game and engine and queued players first", "[db][analyses]") {
  const UserId ann = create_user(stores, "ann").id;
  const UserId ben = create_user(stores, "ben").id;
  const UserId worker = create_user(stores, "worker").id;
  const GameId first = *stores.games().create(sample_game(ann, ben));
  const GameId second = *stores.games().create(sample_game(ann, ben));
  const AnalysisCaps caps;

  auto queued = stores.analyses().request(asked(first, ann, 1'000), caps);
  REQUIRE(queued);
  CHECK(queued->status == AnalysisStatus::queued);
  CHECK(queued->engine == "gnugo");
  auto again = stores.analyses().request(asked(first, ben, 2'000), caps);
  REQUIRE(again);
  CHECK(again->id == queued->id);  // never two of one game and engine
  CHECK(again->requested_by == ann);
  CHECK(stores.analyses().request(NewAnalysis{first, "katago", 1, ann, 3'000}, caps)->id != queued->id);

  // A later request by a player goes first.
  auto player = stores.analyses().request(asked(second, ben, 4'000, 0), caps);
  REQUIRE(player);
  CHECK(*stores.analyses().queued_before(*player) == 0);
  CHECK(*stores.analyses().queued_before(*queued) == 1);

  auto claimed = stores.analyses().claim("gnugo", worker, 5'000, 0);
  REQUIRE(claimed);
  REQUIRE(claimed->has_value());
  CHECK((*claimed)->game == second);
  CHECK((*claimed)->status == AnalysisStatus::running);
  CHECK((*claimed)->worker == worker);
  REQUIRE(stores.analyses().restart((*claimed)->id, worker, 9, 40, 5'100));
  CHECK(stores.analyses().find_by_id((*claimed)->id)->board_size == 9);
  CHECK(stores.analyses().restart((*claimed)->id, ann, 9, 40, 5'100).error().kind == DbErrorKind::not_found);
  const std::vector<ReportedPosition> first_ten = positions_from(0, 10);
  CHECK(value_of(stores.analyses().report((*claimed)->id, worker, first_ten, 40, 5'500)) == 10);
  CHECK(stores.analyses().report((*claimed)->id, ann, positions_from(10, 1), 40, 5'500).error().kind ==
        DbErrorKind::not_found);
  CHECK((*stores.analyses().find(second, "gnugo"))->moves_done == 10);
  // A position reported again replaces the earlier one; the count stays.
  const std::vector<ReportedPosition> corrected{{3, R"({"move":3,"score":1.5})"}};
  CHECK(value_of(stores.analyses().report((*claimed)->id, worker, corrected, 40, 5'600)) == 10);
  CHECK(value_of(stores.analyses().report((*claimed)->id, worker, positions_from(10, 30), 40, 5'800)) == 40);
  auto done = stores.analyses().finish((*claimed)->id, worker, 6'000);
  REQUIRE(done);
  CHECK(done->status == AnalysisStatus::done);
  const auto kept = nlohmann::json::parse(value_of(stores.analyses().positions(done->id)));
  REQUIRE(kept.size() == 40);
  for (std::size_t i = 0; i < kept.size(); ++i) CHECK(kept[i]["move"] == i);
  CHECK(kept[3]["score"] == 1.5);
  CHECK(done->moves_done == 40);
  CHECK(stores.analyses().find_by_id(done->id)->game == second);
  CHECK(done->finished_ms == 6'000);
  CHECK(stores.analyses().request(asked(second, ann, 7'000), caps)->status == AnalysisStatus::done);

  // The engine's own queue only, one running review an account; an empty queue gives nothing.
  const AnalysisRecord running = **stores.analyses().claim("gnugo", worker, 8'000, 0);
  CHECK(running.game == first);
  // Asking again (its link dropped, the server restarted) gives the worker its review back, started over.
  CHECK((*stores.analyses().claim("katago", worker, 8'100, 0))->id == running.id);
  CHECK((*stores.analyses().claim("katago", ann, 8'000, 0))->game == first);
  REQUIRE(stores.analyses().finish(running.id, worker, 8'500));
  CHECK_FALSE(*stores.analyses().claim("gnugo", worker, 9'000, 0));
}

TEST_CASE_METHOD(StoreTest, "a review's caps: open requests, a day's requests, the queue", "[db][analyses]") {
  const UserId ann = create_user(stores, "ann").id;
  const UserId ben = create_user(stores, "ben").id;
  std::vector<GameId> games;
  for (int i = 0; i < 6; ++i) games.push_back(*stores.games().create(sample_game(ann, ben)));
  const AnalysisCaps caps{2, 3, 3};
  REQUIRE(stores.analyses().request(asked(games[0], ann, 1'000), caps));
  REQUIRE(stores.analyses().request(asked(games[1], ann, 1'000), caps));
  auto open = stores.analyses().request(asked(games[2], ann, 1'000), caps);
  REQUIRE_FALSE(open);
  CHECK(open.error().kind == DbErrorKind::conflict);
  CHECK(open.error().message.find("at most 2") != std::string::npos);
  // Asking for one already there costs nothing.
  CHECK(stores.analyses().request(asked(games[0], ann, 1'000), caps));

  const UserId worker = create_user(stores, "worker").id;
  for (int i = 0; i < 2; ++i) {
    auto job = *stores.analyses().claim("gnugo", worker, 2'000, 0);
    REQUIRE(job);
    REQUIRE(stores.analyses().finish(job->id, worker, 2'000));
  }
  REQUIRE(stores.analyses().request(asked(games[2], ann, 3'000), caps));
  auto daily = stores.analyses().request(asked(games[3], ann, 4'000), caps);
  REQUIRE_FALSE(daily);
  CHECK(daily.error().message.find("a day") != std::string::npos);
  CHECK(stores.analyses().request(asked(games[3], ann, 1'000 + 86'400'000 + 1), caps));  // a day later

  REQUIRE(stores.analyses().request(asked(games[4], ben, 5'000), caps));
  auto full = stores.analyses().request(asked(games[5], ben, 5'000), caps);
  REQUIRE_FALSE(full);
  CHECK(full.error().message.find("queue is full") != std::string::npos);
}

TEST_CASE_METHOD(StoreTest, "a failed run is queued again, then given up; a gone worker's review goes back",
                 "[db][analyses]") {
  const UserId ann = create_user(stores, "ann").id;
  const UserId ben = create_user(stores, "ben").id;
  const UserId worker = create_user(stores, "worker").id;
  const GameId game = *stores.games().create(sample_game(ann, ben));
  const GameId other = *stores.games().create(sample_game(ann, ben));
  REQUIRE(stores.analyses().request(asked(game, ann, 1'000), {}));
  REQUIRE(stores.analyses().request(asked(other, ann, 1'000), {}));

  auto job = *stores.analyses().claim("gnugo", worker, 2'000, 0);
  REQUIRE(stores.analyses().restart(job->id, worker, 19, 5, 2'000));
  CHECK(value_of(stores.analyses().report(job->id, worker, positions_from(0, 2), 5, 2'500)) == 2);
  auto retried = stores.analyses().fail(job->id, worker, "engine died", 2, 3'000);
  REQUIRE(retried);
  CHECK(retried->status == AnalysisStatus::queued);
  CHECK(retried->attempts == 1);
  job = *stores.analyses().claim("gnugo", worker, 4'000, 0);
  CHECK(job->game == game);
  // The next run starts with nothing reported.
  REQUIRE(stores.analyses().restart(job->id, worker, 19, 5, 4'000));
  CHECK(value_of(stores.analyses().positions(job->id)) == "[]");
  auto given_up = stores.analyses().fail(job->id, worker, "engine died again", 2, 5'000);
  CHECK(given_up->status == AnalysisStatus::failed);
  CHECK(given_up->failure == "engine died again");
  // Asked again, a failed review starts over.
  auto fresh = stores.analyses().request(asked(game, ben, 6'000), {});
  CHECK(fresh->status == AnalysisStatus::queued);
  CHECK(fresh->attempts == 0);
  CHECK(fresh->requested_by == ben);

  REQUIRE(*stores.analyses().claim("gnugo", worker, 7'000, 0));
  REQUIRE(*stores.analyses().claim("gnugo", ann, 7'000, 0));
  CHECK(*stores.analyses().release(worker) == 1);
  CHECK(*stores.analyses().release(ann) == 1);
  CHECK((*stores.analyses().find(other, "gnugo"))->status == AnalysisStatus::queued);
  CHECK(*stores.analyses().release(worker) == 0);
  // A worker not heard from for too long loses its review to the next one that asks.
  const AnalysisRecord lost = **stores.analyses().claim("gnugo", worker, 8'000, 0);
  REQUIRE(*stores.analyses().claim("gnugo", ann, 8'000, 0));
  const UserId second_worker = create_user(stores, "second").id;
  CHECK_FALSE(*stores.analyses().claim("gnugo", second_worker, 9'000, 7'999));
  const AnalysisRecord taken = **stores.analyses().claim("gnugo", second_worker, 20'000, 8'001);
  CHECK(taken.id == lost.id);
  CHECK(taken.worker == second_worker);
  CHECK(stores.analyses().report(lost.id, worker, positions_from(0, 1), 2, 20'001).error().kind ==
        DbErrorKind::not_found);
  CHECK(parse_analysis_status("running") == AnalysisStatus::running);
  CHECK_FALSE(parse_analysis_status("lost"));
}
