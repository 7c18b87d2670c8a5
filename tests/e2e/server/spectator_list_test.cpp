// Who watches a game: the state names the signed-in spectators (each once,
// by name) with the counts, and everyone in the room hears game.spectators
// as they come and go; a catch-up with `since` is followed by the list.
#include <catch2/catch.hpp>

#include "tests/e2e/server/game_helpers.hpp"
#include "tests/e2e/server/server_fixture.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

// The newest game.spectators whose names are `names`.
Json spectators_named(Player& p, std::int64_t game, const Json& names) {
  return p.wait_event("game.spectators", [&](const Json& e) {
    return e.value("game", std::int64_t{0}) == game && e["spectator_names"] == names;
  });
}

}  // namespace

TEST_CASE("the spectator list: in the state and live as spectators come and go", "[server][spectators]") {
  ServerFixture fx;
  Player alice = fx.registered("alice");
  Player bob = fx.registered("bob");
  const std::int64_t game = start_game(alice, bob);

  Player dave = fx.registered("dave");
  Player carol = fx.registered("carol");
  Player anonymous = fx.player("someone");
  dave.watch(game);
  const Json seen_by_alice = spectators_named(alice, game, Json::array({"dave"}));
  CHECK(seen_by_alice["spectators"] == 1);
  CHECK_FALSE(seen_by_alice.contains("seq"));
  carol.watch(game);
  Player carol_again = fx.player("carol");
  carol_again.login();
  const Json state = carol_again.watch(game)["state"];
  CHECK(state["spectator_names"] == Json::array({"carol", "dave"}));  // by name, carol once
  CHECK(state["spectators"] == 2);
  anonymous.watch(game);
  const Json with_anonymous =
      bob.wait_event("game.spectators", [&](const Json& e) { return e["anonymous_spectators"] == 1; });
  CHECK(with_anonymous["spectator_names"] == Json::array({"carol", "dave"}));
  CHECK(with_anonymous["spectators"] == 2);

  dave.ok({{"type", "game.unwatch"}, {"game", game}});
  const Json after = spectators_named(bob, game, Json::array({"carol"}));
  CHECK(after["spectators"] == 1);
  CHECK(after["anonymous_spectators"] == 1);

  // A catch-up gets its missed events, then the list as it is now (though it did not change).
  spectators_named(carol, game, Json::array({"carol"}));  // dave leaving, heard before
  play_moves(alice, bob, game, {"E5"}, {&alice, &bob});
  const Json caught_up = carol.watch(game, 1);
  CHECK(caught_up.contains("events"));
  CHECK(spectators_named(carol, game, Json::array({"carol"}))["spectators"] == 1);
  for (Player* p : {&alice, &bob, &carol}) CHECK(p->seq_errors() == std::vector<std::string>{});
}
