// The problem library as the problem store keeps it: starter problems added
// once under their key, pages by grade with a theme and a continuation, the
// day's pick, themes counted, and attempts: only the first one rated, the
// line kept while it is played, its end rating both sides in one go, and the
// player's counts.
#include <catch2/catch.hpp>

#include "db/row_reading.hpp"
#include "tests/unit/db/temp_database.hpp"

using namespace yunzi;
using namespace yunzi::db;
using namespace yunzi::db::testing;

namespace {

NewProblem sample_problem(const std::string& title, int grade_index, std::vector<std::string> themes) {
  NewProblem p;
  p.title = title;
  p.sgf = "(;GM[1]FF[4]SZ[19]GN[" + title + "])";
  p.goal = "kill";
  p.to_move = Color::white;
  p.grade = rank_at(grade_index);
  p.view = "A19 E15";
  p.themes = std::move(themes);
  p.flags = {"two right first moves: B2, C1", "a second flag"};
  p.created_ms = 1000;
  return p;
}

ProblemId added(Stores& stores, const NewProblem& problem) {
  auto id = stores.problems().add(problem);
  REQUIRE(id);
  REQUIRE(*id);
  return **id;
}

std::vector<std::string> titles(const std::vector<ProblemRecord>& page) {
  std::vector<std::string> out;
  for (const ProblemRecord& p : page) out.push_back(p.title);
  return out;
}

// Every rated attempt moves each side by 10 points, towards the winner.
RatedPair ten_points(const RatedPair& before, bool solved) {
  RatedPair after = before;
  const double step = solved ? 10 : -10;
  after.player.rating += step;
  after.player.deviation -= 1;
  after.problem.rating -= step;
  return after;
}

}  // namespace

TEST_CASE_METHOD(StoreTest, "a problem is stored whole and a starter key is taken once", "[db][problems]") {
  NewProblem starter = sample_problem("Bent three", 1, {"corner", "vital point"});
  starter.source = ProblemSource::starter;
  starter.source_key = "0";
  const ProblemId id = added(stores, starter);
  auto again = stores.problems().add(starter);
  REQUIRE(again);
  CHECK_FALSE(*again);
  CHECK(*stores.problems().count(ProblemSource::starter) == 1);
  CHECK(*stores.problems().count(ProblemSource::import) == 0);

  const UserRecord admin = create_user(stores, "admin");
  NewProblem imported = sample_problem("Imported", 5, {});
  imported.imported_by = admin.id;
  added(stores, imported);
  added(stores, imported);  // an import has no key: the same text twice is two problems
  CHECK(*stores.problems().count(std::nullopt) == 3);

  auto found = stores.problems().find(id, std::nullopt);
  REQUIRE(found);
  REQUIRE(*found);
  const ProblemRecord& p = **found;
  CHECK(p.title == "Bent three");
  CHECK(p.sgf == starter.sgf);
  CHECK(p.goal == "kill");
  CHECK(p.to_move == Color::white);
  CHECK(p.grade == rank_at(1));
  CHECK(p.view == "A19 E15");
  CHECK(p.themes == std::vector<std::string>{"corner", "vital point"});
  CHECK(p.flags == starter.flags);
  CHECK(p.source == ProblemSource::starter);
  CHECK(p.rating == ProblemRating{});
  CHECK_FALSE(p.solved);
  auto missing = stores.problems().find(id + 100, std::nullopt);
  REQUIRE(missing);
  CHECK_FALSE(*missing);
}

TEST_CASE_METHOD(StoreTest, "problems are listed by grade with a theme, page after page", "[db][problems]") {
  added(stores, sample_problem("hard", 20, {"corner"}));
  added(stores, sample_problem("easy b", 2, {"edge"}));
  added(stores, sample_problem("easy a", 2, {"corner", "ko"}));
  added(stores, sample_problem("middle", 10, {"corner"}));

  ProblemFilter all;
  auto every = stores.problems().list(all);
  REQUIRE(every);
  CHECK(titles(*every) == std::vector<std::string>{"easy b", "easy a", "middle", "hard"});
  CHECK((*every)[1].themes == std::vector<std::string>{"corner", "ko"});

  ProblemFilter page = all;
  page.limit = 2;
  auto first = stores.problems().list(page);
  REQUIRE(first);
  CHECK(titles(*first) == std::vector<std::string>{"easy b", "easy a"});
  page.after = first->back().id;
  auto second = stores.problems().list(page);
  REQUIRE(second);
  CHECK(titles(*second) == std::vector<std::string>{"middle", "hard"});

  ProblemFilter corner = all;
  corner.theme = "corner";
  corner.from = rank_at(5);
  auto cornered = stores.problems().list(corner);
  REQUIRE(cornered);
  CHECK(titles(*cornered) == std::vector<std::string>{"middle", "hard"});
  corner.to = rank_at(15);
  CHECK(titles(*stores.problems().list(corner)) == std::vector<std::string>{"middle"});

  ProblemFilter unknown_after = all;
  unknown_after.after = 999;
  CHECK(stores.problems().list(unknown_after)->empty());
  ProblemFilter too_many = all;
  too_many.limit = 101;
  CHECK_FALSE(stores.problems().list(too_many));

  auto themes = stores.problems().themes();
  REQUIRE(themes);
  REQUIRE(themes->size() == 3);
  CHECK((*themes)[0].theme == "corner");
  CHECK((*themes)[0].count == 3);
  CHECK((*themes)[1].theme == "edge");
  CHECK((*themes)[2].theme == "ko");
}

TEST_CASE_METHOD(StoreTest, "the day's problem goes round the library in id order", "[db][problems]") {
  auto none = stores.problems().at_position(7, std::nullopt);
  REQUIRE(none);
  CHECK_FALSE(*none);
  const ProblemId a = added(stores, sample_problem("a", 20, {}));
  const ProblemId b = added(stores, sample_problem("b", 1, {}));
  CHECK((*stores.problems().at_position(0, std::nullopt))->id == a);
  CHECK((*stores.problems().at_position(1, std::nullopt))->id == b);
  CHECK((*stores.problems().at_position(20'001, std::nullopt))->id == b);
}

TEST_CASE_METHOD(StoreTest, "attempts: the first is rated, its end rates both sides and counts", "[db][problems]") {
  const UserRecord player = create_user(stores, "solver");
  const ProblemId problem = added(stores, sample_problem("p", 3, {}));
  auto none = stores.problems().current_attempt(player.id, problem);
  REQUIRE(none);
  CHECK_FALSE(*none);

  auto first = stores.problems().start_attempt(player.id, problem, 5000);
  REQUIRE(first);
  CHECK(first->rated);
  CHECK(first->state == AttemptState::playing);
  REQUIRE(stores.problems().set_moves(first->id, {"B2", "C1"}));
  auto current = stores.problems().current_attempt(player.id, problem);
  REQUIRE(current);
  REQUIRE(*current);
  CHECK((*current)->moves == std::vector<std::string>{"B2", "C1"});
  CHECK_FALSE((*current)->hinted);
  CHECK((*stores.problems().find(problem, player.id))->solved == false);

  auto change = stores.problems().finish_attempt(AttemptEnd{first->id, {"B2", "C1", "pass"}, true, 6000}, ten_points);
  REQUIRE(change);
  REQUIRE(*change);
  CHECK((*change)->before == ProblemRating{});
  CHECK((*change)->after.rating == 1510);
  CHECK((*change)->after.deviation == 349);
  const auto ended = *stores.problems().current_attempt(player.id, problem);
  CHECK(ended->state == AttemptState::solved);
  CHECK(ended->ended_ms == 6000);
  CHECK(ended->moves == std::vector<std::string>{"B2", "C1", "pass"});
  const ProblemRecord rated = **stores.problems().find(problem, player.id);
  CHECK(rated.rating.rating == 1490);
  CHECK(rated.attempts == 1);
  CHECK(rated.solved_count == 1);
  CHECK(rated.solved == true);
  CHECK((*stores.problems().find(problem, std::nullopt))->solved == std::nullopt);

  // An ended attempt takes no more moves and does not end twice.
  CHECK(stores.problems().set_moves(first->id, {"A1"}).error().kind == DbErrorKind::conflict);
  CHECK(stores.problems().finish_attempt(AttemptEnd{first->id, {}, false, 7000}, ten_points).error().kind ==
        DbErrorKind::conflict);

  // A retry is unrated: the counts move, the ratings do not.
  auto second = stores.problems().start_attempt(player.id, problem, 8000);
  REQUIRE(second);
  CHECK_FALSE(second->rated);
  auto unrated = stores.problems().finish_attempt(AttemptEnd{second->id, {"A1"}, true, 9000}, ten_points);
  REQUIRE(unrated);
  CHECK_FALSE(*unrated);
  const ProblemStats stats = *stores.problems().stats(player.id);
  CHECK(stats.rating.rating == 1510);
  CHECK(stats.attempts == 2);
  CHECK(stats.solved == 1);  // the same problem solved twice
  CHECK((*stores.problems().find(problem, std::nullopt))->attempts == 1);
}

TEST_CASE_METHOD(StoreTest, "a failed rated attempt and a player without attempts", "[db][problems]") {
  const UserRecord player = create_user(stores, "novice");
  CHECK(stores.problems().stats(player.id)->rating == ProblemRating{});
  CHECK(stores.problems().stats(player.id)->attempts == 0);
  const ProblemId problem = added(stores, sample_problem("p", 3, {}));
  auto attempt = stores.problems().start_attempt(player.id, problem, 1);
  REQUIRE(attempt);
  auto change = stores.problems().finish_attempt(AttemptEnd{attempt->id, {"B2", "C1"}, false, 2}, ten_points);
  REQUIRE(change);
  REQUIRE(*change);
  CHECK((*change)->after.rating == 1490);
  const ProblemStats stats = *stores.problems().stats(player.id);
  CHECK(stats.attempts == 1);
  CHECK(stats.solved == 0);
  const ProblemRecord p = **stores.problems().find(problem, player.id);
  CHECK(p.rating.rating == 1510);
  CHECK(p.solved_count == 0);
  CHECK(p.solved == false);

  // A hinted rated attempt that reaches the goal is solved, and rated as failed.
  const ProblemId other = added(stores, sample_problem("q", 3, {}));
  auto hinted = stores.problems().start_attempt(player.id, other, 3);
  REQUIRE(hinted);
  REQUIRE(stores.problems().set_hinted(hinted->id));
  auto hinted_change = stores.problems().finish_attempt(AttemptEnd{hinted->id, {"B2"}, true, 4}, ten_points);
  REQUIRE(hinted_change);
  CHECK((*hinted_change)->after.rating == 1480);
  CHECK((*stores.problems().current_attempt(player.id, other))->state == AttemptState::solved);
  CHECK((*stores.problems().find(other, player.id))->solved_count == 0);
  CHECK(stores.problems().stats(player.id)->solved == 1);
}

TEST_CASE_METHOD(StoreTest, "retries leave few rows: the rated attempt, the latest solved one, the newest ten",
                 "[db][problems]") {
  const UserRecord player = create_user(stores, "retrier");
  const ProblemId problem = added(stores, sample_problem("p", 3, {}));
  TimeMs now = 1000;
  auto play = [&](bool solved) {
    auto attempt = stores.problems().start_attempt(player.id, problem, ++now);
    REQUIRE(attempt);
    REQUIRE(stores.problems().finish_attempt(AttemptEnd{attempt->id, {"A1"}, solved, ++now}, ten_points));
    return attempt->id;
  };
  const std::int64_t rated = play(false);
  const std::int64_t solved_once = play(true);
  for (int i = 0; i < 30; ++i) play(false);
  auto open = stores.problems().start_attempt(player.id, problem, ++now);
  REQUIRE(open);
  auto rows = read_count(db.connection().query(
      "SELECT COUNT(*) FROM problem_attempts WHERE user_id = ? AND problem_id = ?", player.id, problem));
  REQUIRE(rows);
  CHECK(*rows == 12);  // the rated one, the solved one, the ten newest (the open one among them)
  auto kept = read_count(
      db.connection().query("SELECT COUNT(*) FROM problem_attempts WHERE id = ? OR id = ?", rated, solved_once));
  REQUIRE(kept);
  CHECK(*kept == 2);
  CHECK((*stores.problems().find(problem, player.id))->solved == true);
  CHECK(stores.problems().stats(player.id)->solved == 1);
}

TEST_CASE_METHOD(StoreTest, "a second rated attempt at one problem is refused by the database itself",
                 "[db][problems]") {
  const UserRecord player = create_user(stores, "twice");
  const ProblemId problem = added(stores, sample_problem("p", 3, {}));
  REQUIRE(stores.problems().start_attempt(player.id, problem, 1000));
  // What a second node would write had it read "no attempt yet" before the first one's commit.
  auto second = db.connection().execute(
      "INSERT INTO problem_attempts (user_id, problem_id, moves, state, rated, hinted, started_ms)"
      " VALUES (?, ?, '', 'playing', 1, 0, ?)",
      player.id, problem, std::int64_t{2000});
  REQUIRE_FALSE(second);
  CHECK(second.error().kind == DbErrorKind::constraint);
  // Unrated ones are as many as retries make.
  auto retry = stores.problems().start_attempt(player.id, problem, 3000);
  REQUIRE(retry);
  CHECK_FALSE(retry->rated);
}
