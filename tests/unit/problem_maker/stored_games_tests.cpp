// Mining a server's finished games: the games are read from a real database file, the miner cuts the enclosed
// group out of the position, and the maker proves it a problem named after its game.
#include <catch2/catch.hpp>

#include <algorithm>

#include "tests/unit/db/temp_database.hpp"
#include "tools/yunzi-problems/enclosed_group.hpp"
#include "tools/yunzi-problems/game_mining.hpp"
#include "tools/yunzi-problems/stored_games.hpp"

using namespace yunzi;
using namespace yunzi::problems;
using namespace yunzi::db::testing;

namespace {

std::string url_of(const db::DatabaseTarget& target) {
  return target.engine == db::Engine::sqlite ? "sqlite:" + target.location : target.location;
}

// Single stones far from the corner, for the side that has no more stones to place there.
std::vector<engine::Vertex> fillers(const std::vector<int>& rows) {
  std::vector<engine::Vertex> out;
  for (int y : rows) {
    for (int x = 0; x < board_size; x += 2) out.push_back({x, y});
  }
  return out;
}

// A game in which Black walls in White's bent three in the top-left corner, then both play elsewhere.
GameId store_game_with_a_corner_group(db::Stores& stores) {
  const UserId black = create_user(stores, "wall").id;
  const UserId white = create_user(stores, "corner").id;
  const EnclosedGroup shape = enclose({{0, 0}, {1, 0}, {0, 1}}, true);
  std::vector<engine::Vertex> black_moves = shape.wall;
  std::vector<engine::Vertex> white_moves = shape.group;
  for (engine::Vertex v : fillers({18, 14, 10})) black_moves.push_back(v);
  for (engine::Vertex v : fillers({16, 12, 8})) white_moves.push_back(v);
  const GameId id = *stores.games().create(sample_game(black, white));
  int number = 0;
  for (std::size_t i = 0; i < 33; ++i) {
    for (const engine::Vertex v : {black_moves.at(i), white_moves.at(i)}) {
      REQUIRE(stores.games().append_move(id, sample_move(++number, v.x, v.y), ""));
    }
  }
  REQUIRE(stores.games().end_game(id, db::GameEnd{result_of("B+R"), 100'000, ""}, {}));
  return id;
}

}  // namespace

TEST_CASE("a finished game in the database is mined for the problem its enclosed group makes", "[tsumego][maker]") {
  TempDatabase database;
  const GameId id = store_game_with_a_corner_group(database.stores());
  REQUIRE(database.stores().games().create(sample_game(1, 2)));  // in progress: not read

  std::vector<GameId> visited;
  std::vector<Made> made;
  std::mt19937_64 rng(5);
  const auto mined = for_each_finished_game(url_of(database.target()), 0, [&](GameId game, const auto& record) {
    visited.push_back(game);
    for (MinedPosition& position : mine_game(record)) {
      position.naming.source = "game " + std::to_string(game);
      if (auto problem = finish_problem(std::move(position.bare), position.naming, rng, MakerOptions{{300'000}, 2})) {
        made.push_back(std::move(*problem));
      }
    }
    return true;
  });
  REQUIRE(mined);
  CHECK(visited == std::vector<GameId>{id});
  REQUIRE(!made.empty());
  for (const Made& one : made) {
    INFO(one.problem.title);
    CHECK(one.problem.title.ends_with("from game " + std::to_string(id)));
    CHECK(std::find(one.problem.themes.begin(), one.problem.themes.end(), "from a game") != one.problem.themes.end());
  }

  // A later run starts after the games it has mined.
  visited.clear();
  REQUIRE(for_each_finished_game(url_of(database.target()), id, [&](GameId game, const auto&) {
    visited.push_back(game);
    return true;
  }));
  CHECK(visited.empty());
}

TEST_CASE("a database that cannot be opened is an error naming it", "[tsumego][maker]") {
  const auto mined =
      for_each_finished_game("sqlite:/nonexistent/yunzi.sqlite3", 0, [](GameId, const auto&) { return true; });
  REQUIRE(!mined);
  CHECK(mined.error().find("/nonexistent/yunzi.sqlite3") != std::string::npos);
}
