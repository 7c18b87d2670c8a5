// The server on PostgreSQL (yunzi_server_tests_postgresql) while the
// database server restarts between two moves: play goes on, nothing is
// lost. Runs only beside a PostgreSQL server of its own (tagged hidden).
#include <catch2/catch.hpp>
#include <cstdlib>

#include "tests/e2e/server/game_helpers.hpp"
#include "tests/e2e/server/server_fixture.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

TEST_CASE("a PostgreSQL restart mid-game costs the players nothing", "[server][.postgresql]") {
  const char* ctl = std::getenv("YUNZI_TEST_POSTGRES_CTL");
  REQUIRE(ctl);
  ServerFixture fx;
  Player alice = fx.registered("alice");
  Player bob = fx.registered("bob");
  const std::int64_t game = start_game(alice, bob);
  play_moves(alice, bob, game, {"E5", "C3"}, {&alice, &bob});

  REQUIRE(std::system((std::string(ctl) + " restart").c_str()) == 0);
  // The writer's connection died with the old server; its next BEGIN
  // connects again, so the very next move is stored and acknowledged.
  play_moves(alice, bob, game, {"G7", "C7"}, {&alice, &bob}, 3);

  fx.server.kill();
  auto started = fx.server.start();
  if (!started) FAIL("the server did not start again: " << started.error());
  Player again = fx.player("alice");
  again.login();
  CHECK(again.watch(game)["state"]["moves"] == Json::array({"E5", "C3", "G7", "C7"}));
}
