#include <catch2/catch.hpp>

#include "db/game_sgf.hpp"
#include "engine/sgf_record.hpp"
#include "tests/unit/db/temp_database.hpp"

using namespace yunzi;
using namespace yunzi::db;
using namespace yunzi::db::testing;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE_METHOD(StoreTest, "an ended game's SGF carries players, settings, times and result", "[db][sgf]") {
  GameStore& games = db.stores().games();
  const UserId black = create_user(db.stores(), "李昌镐", 27).id;
  const UserId white = create_user(db.stores(), "Cho]Hun\\hyun", 26).id;
  NewGame setup = sample_game(black, white);
  setup.black_rank = rank_at(27);
  setup.white_rank = rank_at(26);
  setup.settings.handicap = 2;
  setup.settings.komi = 0.5;
  setup.started_ms = 1'714'521'600'000;  // 2024-05-01 00:00 UTC
  const GameId id = *games.create(setup);
  REQUIRE(games.append_move(id, sample_move(1, 16, 3), ""));  // white first after handicap stones
  MoveRecord pass = sample_move(2, 0, 0);
  pass.move.vertex.reset();
  REQUIRE(games.append_move(id, pass, ""));
  REQUIRE(games.end_game(id, GameEnd{result_of("W+R"), 1'714'525'200'000, ""}, {}));

  auto sgf = load_game_sgf(games, id);
  REQUIRE(sgf);
  REQUIRE(sgf->has_value());
  const std::string& text = **sgf;
  INFO(text);
  CHECK(contains(text, "RU[Chinese]"));
  CHECK(contains(text, "PB[李昌镐]"));
  CHECK(contains(text, "BR[9d]"));
  CHECK(contains(text, "WR[8d]"));
  CHECK(contains(text, "DT[2024-05-01]"));
  CHECK(contains(text, "HA[2]"));
  CHECK(contains(text, "KM[0.5]"));
  CHECK(contains(text, "TM[1200]"));
  CHECK(contains(text, "OT[3x30 byo-yomi]"));
  CHECK(contains(text, "RE[W+R]"));
  CHECK(contains(text, "AB["));

  // The writer's output reads back to the same game.
  auto parsed = yunzi::engine::read_sgf_game(text);
  REQUIRE(parsed);
  const auto& record = parsed->record;
  CHECK(record.info.white_name == "Cho]Hun\\hyun");
  CHECK(record.info.result == "W+R");
  CHECK(record.black_stones.size() == 2);
  REQUIRE(record.main_line.size() == 2);
  CHECK(record.main_line[0].move->vertex == yunzi::engine::Vertex{16, 3});
  CHECK(record.main_line[0].black_time_left == 1199.0);
  CHECK(record.main_line[0].black_stones_left == 3);
  CHECK(record.main_line[1].move->is_pass());
  CHECK(record.main_line[1].white_time_left == 1198.0);
}

TEST_CASE_METHOD(StoreTest, "a game in progress has an SGF without a result; unknown games have none", "[db][sgf]") {
  GameStore& games = db.stores().games();
  const UserId black = create_user(db.stores(), "b").id;
  const UserId white = create_user(db.stores(), "w").id;
  NewGame setup = sample_game(black, white);
  setup.settings.size = 9;
  setup.settings.time = yunzi::TimeControl::fischer(600'000, 10'000, 1'200'000);
  const GameId id = *games.create(setup);
  REQUIRE(games.append_move(id, sample_move(1, 4, 4), ""));
  auto sgf = load_game_sgf(games, id);
  REQUIRE(sgf);
  REQUIRE(sgf->has_value());
  INFO(**sgf);
  CHECK(contains(**sgf, "SZ[9]"));
  CHECK(contains(**sgf, "OT[Fischer +10s max 1200s]"));
  CHECK(contains(**sgf, ";B[ee]"));
  CHECK_FALSE(contains(**sgf, "RE["));
  CHECK_FALSE(load_game_sgf(games, id + 1)->has_value());
}
