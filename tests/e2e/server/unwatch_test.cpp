// Leaving a game's page: game.unwatch answers ok also for a game that has
// ended (its room is gone) and for one the connection does not watch, so a
// client that closes the page of a finished game gets no error.
#include <catch2/catch.hpp>

#include "tests/e2e/server/game_helpers.hpp"
#include "tests/e2e/server/server_fixture.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

TEST_CASE("game.unwatch of a game that has ended, or is not watched, answers ok", "[server][game]") {
  ServerFixture fx;
  Player alice = fx.registered("alice");
  Player bob = fx.registered("bob");
  Player carol = fx.registered("carol");
  carol.ok({{"type", "lobby.watch"}});
  const std::int64_t game = start_game(alice, bob);
  carol.watch(game);
  play_moves(alice, bob, game, {"E5", "C3"}, {&alice, &bob, &carol});

  bob.ok({{"type", "game.resign"}, {"game", game}});
  CHECK(carol.wait_game_event(game, "game.end")["result"] == "B+R");
  // The lobby drops the game once its room is gone.
  carol.wait_event("lobby.game_removed", [&](const Json& e) { return e["game"] == game; });

  carol.ok({{"type", "game.unwatch"}, {"game", game}});
  carol.ok({{"type", "game.unwatch"}, {"game", game}});  // again: still nothing to stop
  alice.ok({{"type", "game.unwatch"}, {"game", game}});  // a player leaving the page of their own game
  Player dave = fx.player("dave");
  dave.connect();
  dave.ok({{"type", "game.unwatch"}, {"game", game}});  // never watched, not signed in

  // The ended game is still there to look at, and the connection survives.
  const Json state = carol.watch(game)["state"];
  CHECK(state["phase"] == "ended");
  CHECK(state["result"] == "B+R");

  // A game in progress that this connection does not watch: ok as well, and play is untouched.
  const std::int64_t next = start_game(alice, bob);
  dave.ok({{"type", "game.unwatch"}, {"game", next}});
  play_moves(alice, bob, next, {"E5"}, {&alice, &bob});
}
