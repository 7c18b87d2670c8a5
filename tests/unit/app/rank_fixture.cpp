#include "tests/unit/app/rank_fixture.hpp"

#include <catch2/catch.hpp>

#include <atomic>

#include <unistd.h>

#include "server/app/rank_keeping.hpp"

namespace yunzi::app_tests {

TempDatabase::TempDatabase() {
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

TempDatabase::~TempDatabase() {
  stores_.reset();
  connection_.reset();
  std::filesystem::remove_all(dir_);
}

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

db::GameId record_game(db::Stores& stores, db::UserId black, db::UserId white, int black_rank, int white_rank,
                       const std::string& result, db::TimeMs ended_ms) {
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
  const auto parsed = parse_sgf_result(result);
  REQUIRE(parsed);
  auto ended = stores.games().end_game(*id, db::GameEnd{*parsed, ended_ms, "{}"}, {});
  REQUIRE(ended);
  return *id;
}

db::DbResult<std::vector<protocol::RankChange>> play(db::Stores& stores, db::UserId black, db::UserId white,
                                                     int black_rank, int white_rank, const std::string& result,
                                                     db::TimeMs ended_ms, int moves) {
  const db::GameId id = record_game(stores, black, white, black_rank, white_rank, result, ended_ms);
  game::GameEndFacts facts;
  facts.game = id;
  facts.black_id = black;
  facts.white_id = white;
  facts.black_rank = black_rank;
  facts.white_rank = white_rank;
  facts.rated = true;
  const auto parsed = parse_sgf_result(result);
  REQUIRE(parsed);
  facts.result = *parsed;
  facts.move_count = moves;
  facts.started_ms = ended_ms - 1000;
  facts.ended_ms = ended_ms;
  return app::rank_on_end(stores, tom, facts);
}

}  // namespace yunzi::app_tests
