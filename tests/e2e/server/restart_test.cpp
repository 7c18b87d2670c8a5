// The server stops and starts again on the same data directory: after a
// SIGKILL mid-game every acknowledged move is there and the game goes on;
// after a SIGTERM clients get a notice and close code 1012 and the process
// exits with 0, its data intact.
#include <catch2/catch.hpp>

#include "tests/e2e/server/game_helpers.hpp"
#include "tests/e2e/server/server_fixture.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

void restart(ServerFixture& fx) {
  auto started = fx.server.start();
  if (!started) FAIL("the server did not start again: " << started.error());
}

void come_back(Player& p, std::uint16_t port, std::int64_t game) {
  p.set_port(port);
  p.connect();
  const Json resumed = p.resume();
  INFO(p.name() << " resumed: " << resumed.dump());
  CHECK(resumed["games"] == Json::array({game}));
}

}  // namespace

TEST_CASE("after SIGKILL mid-game the restarted server has every acknowledged move", "[server][restart]") {
  ServerFixture fx;
  Player alice = fx.registered("alice");
  Player bob = fx.registered("bob");
  const std::int64_t game = start_game(
      alice, bob, friendly_settings({{"system", "byoyomi"}, {"main_s", 600}, {"periods", 3}, {"period_s", 30}}));
  const std::vector<std::string> before = {"E5", "C3", "G7", "C7"};
  play_moves(alice, bob, game, before, {&alice, &bob});
  // The last acknowledged move is the one the crash is closest to.
  alice.ok({{"type", "game.move"}, {"game", game}, {"vertex", "G3"}});

  fx.server.kill();
  restart(fx);
  come_back(alice, fx.server.port(), game);
  come_back(bob, fx.server.port(), game);

  std::vector<std::string> acknowledged = before;
  acknowledged.push_back("G3");
  for (Player* p : {&alice, &bob}) {
    const Json state = p->watch(game)["state"];
    INFO(p->name() << " state " << state.dump());
    CHECK(state["moves"] == Json(acknowledged));
    CHECK(state["phase"] == "play");
    CHECK(state["to_move"] == "white");
    CHECK(state["black"]["name"] == "alice");
    CHECK(state["clock"]["white"]["main_ms"].get<std::int64_t>() > 0);
  }
  play_moves(alice, bob, game, {"D4", "F4", "pass", "pass"}, {&alice, &bob}, 6, "white");
  for (Player* p : {&alice, &bob}) {
    p->wait_game_event(game, "game.scoring");
    CHECK(p->seq_errors() == std::vector<std::string>{});
  }
}

TEST_CASE("SIGTERM: a notice, close 1012, exit code 0, and the data survives", "[server][restart]") {
  ServerFixture fx;
  Player alice = fx.registered("alice");
  Player bob = fx.registered("bob");
  Player carol = fx.player("carol");  // not logged in
  const std::int64_t game = start_game(alice, bob);
  play_moves(alice, bob, game, {"E5"}, {&alice, &bob});

  fx.server.terminate();
  for (Player* p : {&alice, &bob, &carol}) {
    INFO(p->name());
    const Json notice = p->wait_event("notice", {}, 20s);
    CHECK_FALSE(notice["text"].get<std::string>().empty());
    auto closed = p->ws().wait_closed(20s);
    REQUIRE(closed);
    CHECK(closed->code == 1012);
  }
  auto exit_code = fx.server.wait_exit();
  if (!exit_code) FAIL(exit_code.error());
  CHECK(*exit_code == 0);

  restart(fx);
  Player again = fx.player("alice");
  again.login();
  CHECK(again.resume()["games"] == Json::array({game}));
  CHECK(again.watch(game)["state"]["moves"] == Json::array({"E5"}));
  // The old token is still good after the restart too.
  come_back(bob, fx.server.port(), game);
}
