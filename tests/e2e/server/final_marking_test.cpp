// A counted game keeps its final marking: after the count, after the room is
// gone and after a restart, game.watch returns the agreed dead stones and the
// SGF (game.sgf and HTTP) carries each side's territory as TB/TW, dead
// stones' points included. A game that ended otherwise has neither.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "engine/sgf_record.hpp"
#include "tests/e2e/server/game_helpers.hpp"
#include "tests/e2e/server/server_fixture.hpp"
#include "tools/client/http_get.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

void restart(ServerFixture& fx) {
  auto stopped = fx.server.stop();
  if (!stopped) FAIL("the server did not stop: " << stopped.error());
  auto started = fx.server.start();
  if (!started) FAIL("the server did not start again: " << started.error());
}

// Plays the counted record, marks its two dead stones and accepts.
std::int64_t counted_game(Player& alice, Player& bob) {
  const std::int64_t game = start_game(alice, bob);
  const CountedRecord& record = counted_record();
  play_moves(alice, bob, game, record.moves, {&alice, &bob});
  alice.wait_game_event(game, "game.scoring");
  alice.ok({{"type", "game.dead"}, {"game", game}, {"vertex", record.dead_white_stone}, {"dead", true}});
  alice.wait_game_event(game, "game.scoring");
  bob.ok({{"type", "game.dead"}, {"game", game}, {"vertex", record.dead_black_stone}, {"dead", true}});
  const Json marking = alice.wait_game_event(game, "game.scoring");
  for (Player* p : {&alice, &bob}) {
    p->ok({{"type", "game.score.accept"}, {"game", game}, {"marking_version", marking["marking_version"]}});
  }
  REQUIRE(alice.wait_game_event(game, "game.end")["reason"] == "count");
  return game;
}

// The record walls off columns A-E for Black (x 0..4) and F-J for White
// (x 5..8), each wall a full column: Black's territory is every point of
// A-D, White's every point of G-J, the dead stones B5 and H5 among them.
std::set<std::string> sgf_columns(int first_x, int last_x) {
  std::set<std::string> points;
  for (int x = first_x; x <= last_x; ++x) {
    for (int y = 0; y < 9; ++y) points.insert(std::string{static_cast<char>('a' + x), static_cast<char>('a' + y)});
  }
  return points;
}

struct SgfTerritory {
  std::set<std::string> black;
  std::set<std::string> white;
  int marked_nodes = 0;  // nodes with TB or TW
  bool in_last_node = false;
};

SgfTerritory territory_of(const std::string& sgf) {
  auto read = yunzi::engine::read_sgf_game(sgf);
  INFO(sgf);
  REQUIRE(read);
  SgfTerritory out;
  const auto& line = read->record.main_line;
  for (std::size_t i = 0; i < line.size(); ++i) {
    bool marked = false;
    for (const auto& property : line[i].other) {
      if (property.id != "TB" && property.id != "TW") continue;
      marked = true;
      for (const auto& value : property.values) (property.id == "TB" ? out.black : out.white).insert(value);
    }
    if (marked) {
      ++out.marked_nodes;
      out.in_last_node = i + 1 == line.size();
    }
  }
  return out;
}

void check_final_marking(const Json& state, const std::string& sgf) {
  const CountedRecord& record = counted_record();
  CHECK(state["phase"] == "ended");
  CHECK(state["result"] == "B+1.5");
  CHECK(sorted_vertices(state["dead"]) == std::vector<std::string>{record.dead_white_stone, record.dead_black_stone});
  CHECK(state["marking_version"] == 0);
  const SgfTerritory territory = territory_of(sgf);
  CHECK(territory.black == sgf_columns(0, 3));
  CHECK(territory.white == sgf_columns(6, 8));
  CHECK(territory.black.count("be") == 1);  // B5, White's dead stone
  CHECK(territory.white.count("he") == 1);  // H5, Black's dead stone
  CHECK(territory.marked_nodes == 1);
  CHECK(territory.in_last_node);
  // The state carries the server's count of the final marking, with the same territory as the record.
  const Json& count = state["count"];
  CHECK(count["black"] == 45);
  CHECK(count["white"] == 36);
  CHECK(count["result"] == "B+1.5");
  CHECK(count["territory"]["black"].size() == territory.black.size());
  CHECK(count["territory"]["white"].size() == territory.white.size());
  CHECK(std::ranges::count(count["territory"]["black"], Json("B5")) == 1);
  CHECK(std::ranges::count(count["territory"]["white"], Json("H5")) == 1);
}

}  // namespace

TEST_CASE("a counted game's dead stones and territory survive the room and a restart", "[server][count]") {
  ServerFixture fx;
  Player alice = fx.registered("alice");
  Player bob = fx.registered("bob");
  const std::int64_t game = counted_game(alice, bob);
  const Json sgf_request = {{"type", "game.sgf"}, {"game", game}};

  // Right after the count, while the room may still hold the game.
  Player carol = fx.registered("carol");
  check_final_marking(carol.watch(game)["state"], carol.ok(sgf_request)["sgf"].get<std::string>());

  restart(fx);
  Player dave = fx.registered("dave");
  check_final_marking(dave.watch(game)["state"], dave.ok(sgf_request)["sgf"].get<std::string>());
  const auto over_http =
      yunzi::client::http_get("127.0.0.1", fx.server.port(), "/games/" + std::to_string(game) + ".sgf");
  REQUIRE(over_http);
  CHECK(over_http->status == 200);
  const SgfTerritory http_territory = territory_of(over_http->body);
  CHECK(http_territory.black == sgf_columns(0, 3));
  CHECK(http_territory.white == sgf_columns(6, 8));
}

TEST_CASE("a game that ends without a count has no final marking", "[server][count]") {
  ServerFixture fx;
  Player alice = fx.registered("alice");
  Player bob = fx.registered("bob");
  const std::int64_t game = start_game(alice, bob);
  play_moves(alice, bob, game, {"E5", "C3", "pass", "pass"}, {&alice, &bob});
  alice.wait_game_event(game, "game.scoring");
  alice.ok({{"type", "game.dead"}, {"game", game}, {"vertex", "C3"}, {"dead", true}});
  alice.wait_game_event(game, "game.scoring");
  bob.ok({{"type", "game.resign"}, {"game", game}});
  REQUIRE(alice.wait_game_event(game, "game.end")["reason"] == "resignation");

  restart(fx);
  Player carol = fx.registered("carol");
  const Json state = carol.watch(game)["state"];
  CHECK(state["result"] == "B+R");
  CHECK(state["dead"] == Json::array());
  CHECK_FALSE(state.contains("count"));
  const SgfTerritory territory =
      territory_of(carol.ok({{"type", "game.sgf"}, {"game", game}})["sgf"].get<std::string>());
  CHECK(territory.marked_nodes == 0);
}
