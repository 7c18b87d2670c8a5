// The rank rules at the end of rated games, on a real SQLite file.
#include <catch2/catch.hpp>

#include <atomic>
#include <filesystem>
#include <string>

#include <unistd.h>

#include "db/database.hpp"
#include "db/sqlite_stores.hpp"
#include "server/app/rank_keeping.hpp"

using namespace yunzi;

namespace {

class TempDatabase {
 public:
  TempDatabase() {
    static std::atomic<int> counter{0};
    dir_ = std::filesystem::temp_directory_path() /
           ("yunzi_app_rank_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
    auto opened = db::open_database((dir_ / "test.sqlite3").string());
    REQUIRE(opened);
    connection_.emplace(std::move(*opened));
    stores_.emplace(*connection_);
  }
  ~TempDatabase() {
    stores_.reset();
    connection_.reset();
    std::filesystem::remove_all(dir_);
  }
  db::Stores& stores() { return *stores_; }

 private:
  std::filesystem::path dir_;
  std::optional<db::Connection> connection_;
  std::optional<db::SqliteStores> stores_;
};

db::UserId add_user(db::Stores& stores, const std::string& name, int rank) {
  db::NewUser user;
  user.name = name;
  user.name_key = name;
  user.password_hash = "x";
  user.rank = rank;
  auto created = stores.users().create(user);
  REQUIRE(created);
  return created->id;
}

// A rated game between two players, ended with `result`, then judged.
db::DbResult<std::vector<protocol::RankChange>> play(db::Stores& stores, db::UserId black, db::UserId white,
                                                     int black_rank, int white_rank, const std::string& result,
                                                     db::TimeMs ended_ms, int moves = 150) {
  db::NewGame game;
  game.black_id = black;
  game.white_id = white;
  game.black_rank = black_rank;
  game.white_rank = white_rank;
  game.settings_json = "{}";
  game.rated = true;
  game.started_ms = ended_ms - 1000;
  auto id = stores.games().create(game);
  REQUIRE(id);
  auto ended = stores.games().end_game(*id, db::GameEnd{result, "resignation", ended_ms, "{}"}, {});
  REQUIRE(ended);
  game::GameEndFacts facts;
  facts.game = *id;
  facts.black_id = black;
  facts.white_id = white;
  facts.black_rank = black_rank;
  facts.white_rank = white_rank;
  facts.rated = true;
  facts.result = result;
  facts.winner = result.front() == 'B' ? engine::Color::black : engine::Color::white;
  facts.move_count = moves;
  facts.started_ms = ended_ms - 1000;
  facts.ended_ms = ended_ms;
  return app::rank_on_end(stores, facts);
}

constexpr int rank_5k = 14;

}  // namespace

TEST_CASE("ten wins and two losses in a kyu block promote once the +2 is out of reach") {
  TempDatabase database;
  db::Stores& stores = database.stores();
  const db::UserId player = add_user(stores, "player", rank_5k);
  std::vector<db::UserId> opponents;
  for (int i = 0; i < 6; ++i) opponents.push_back(add_user(stores, "opponent" + std::to_string(i), rank_5k));

  db::TimeMs at = 1'700'000'000'000;
  for (int win = 0; win < 10; ++win) {
    auto changes = play(stores, player, opponents[win / 2], rank_5k, rank_5k, "B+R", at += 60'000);
    REQUIRE(changes);
    CHECK(changes->empty());
  }
  auto progress = app::rank_progress(stores, player);
  REQUIRE(progress);
  CHECK(progress->wins == 10);
  CHECK(progress->games == 10);
  CHECK(progress->block_size == 15);

  auto eleventh = play(stores, opponents[5], player, rank_5k, rank_5k, "B+R", at += 60'000);
  REQUIRE(eleventh);
  CHECK(eleventh->empty());  // 14 wins are still possible: +2 not ruled out
  auto twelfth = play(stores, opponents[5], player, rank_5k, rank_5k, "B+3.5", at += 60'000);
  REQUIRE(twelfth);
  REQUIRE(twelfth->size() == 1);
  CHECK(twelfth->front().name == "player");
  CHECK(protocol::to_string(twelfth->front().from) == "5k");
  CHECK(protocol::to_string(twelfth->front().to) == "4k");
  CHECK(twelfth->front().reason == "promotion");

  auto user = stores.users().find_by_id(player);
  REQUIRE(user);
  CHECK((*user)->rank == rank_5k + 1);
  auto history = stores.ranks().events_of_user(player, 10);
  REQUIRE(history);
  REQUIRE(history->size() == 1);
  CHECK(history->front().game_id);

  // The change started a new block.
  auto after = app::rank_progress(stores, player);
  REQUIRE(after);
  CHECK(after->games == 0);
}

TEST_CASE("a short rated game is flagged and friendly games are not judged") {
  TempDatabase database;
  db::Stores& stores = database.stores();
  const db::UserId a = add_user(stores, "alpha", rank_5k);
  const db::UserId b = add_user(stores, "beta", rank_5k);
  auto changes = play(stores, a, b, rank_5k, rank_5k, "W+R", 1'700'000'000'000, 20);
  REQUIRE(changes);
  CHECK(changes->empty());
  auto flags = stores.ranks().short_games_of_user(a, 0);
  REQUIRE(flags);
  REQUIRE(flags->size() == 1);
  CHECK(flags->front().move_count == 20);

  game::GameEndFacts friendly;
  friendly.rated = false;
  auto none = app::rank_on_end(stores, friendly);
  REQUIRE(none);
  CHECK(none->empty());
}
