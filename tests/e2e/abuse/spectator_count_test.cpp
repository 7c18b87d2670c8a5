// Spectator counts cannot be inflated by opening connections: a signed-in
// user watching from several connections counts once in `spectators`, and
// connections without a login are counted apart in `anonymous_spectators`,
// both in the game's state and in the lobby's entry for the game.
#include <catch2/catch.hpp>

#include "tests/e2e/abuse/crowd_support.hpp"
#include "tests/e2e/server/game_helpers.hpp"
#include "tests/e2e/server/server_fixture.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

Json watch_on(client::WsClient& ws, std::int64_t game) {
  auto reply = ws.request({{"type", "game.watch"}, {"game", game}});
  REQUIRE(reply);
  INFO(reply->dump());
  REQUIRE(reply->value("type", "") == "ok");
  return *reply;
}

Json lobby_entry(Player& watcher, std::int64_t game) {
  const Json snapshot = watcher.ok({{"type", "lobby.watch"}});
  for (const Json& entry : snapshot["games"]) {
    if (entry["game"] == game) return entry;
  }
  FAIL("game " << game << " is not in the lobby: " << snapshot.dump());
  return nullptr;
}

}  // namespace

TEST_CASE("one watching user counts once, anonymous connections apart", "[abuse][spectators]") {
  ServerFixture fx;
  Player black = fx.registered("black");
  Player white = fx.registered("white");
  const std::int64_t game = start_game(black, white);

  // A player's further connection is no spectator.
  Connections black_more = resumed_connections(fx.server.port(), black.token(), 1);
  watch_on(*black_more[0], game);

  Connections anonymous;
  for (int i = 0; i < 2; ++i) {
    auto ws = client::WsClient::connect("127.0.0.1", fx.server.port());
    REQUIRE(ws);
    watch_on(**ws, game);
    anonymous.push_back(std::move(*ws));
  }
  Player fan = fx.registered("fan");
  Connections fan_more = resumed_connections(fx.server.port(), fan.token(), 2);
  for (auto& ws : fan_more) watch_on(*ws, game);
  const Json state = fan.watch(game)["state"];
  CHECK(state["spectators"] == 1);
  CHECK(state.value("anonymous_spectators", -1) == 2);

  Player lobby = fx.registered("onlooker");
  const Json entry = lobby_entry(lobby, game);
  CHECK(entry["spectators"] == 1);
  CHECK(entry.value("anonymous_spectators", -1) == 2);

  // The fan still watches while any of his connections does.
  for (auto& ws : fan_more) {
    auto reply = ws->request({{"type", "game.unwatch"}, {"game", game}});
    REQUIRE(reply);
    CHECK(reply->value("type", "") == "ok");
  }
  CHECK(black.watch(game)["state"]["spectators"] == 1);
  fan.ok({{"type", "game.unwatch"}, {"game", game}});
  const Json changed = lobby.wait_event("lobby.game", [](const Json& e) { return e["spectators"] == 0; });
  CHECK(changed.value("anonymous_spectators", -1) == 2);
}
