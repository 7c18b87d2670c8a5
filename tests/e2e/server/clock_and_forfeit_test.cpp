// Games the server ends on its own: a flag falls on a short absolute clock,
// and a player who stays away past the disconnection deadline forfeits.
// Timeouts here only guard against a hang; nothing asserts how fast.
#include <catch2/catch.hpp>

#include "tests/e2e/server/game_helpers.hpp"
#include "tests/e2e/server/server_fixture.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

TEST_CASE("the player to move loses on time with a one-second absolute clock", "[server][clock]") {
  ServerFixture fx;
  Player alice = fx.registered("alice");
  Player bob = fx.registered("bob");
  const std::int64_t game = start_game(alice, bob, friendly_settings({{"system", "absolute"}, {"main_s", 1}}));
  for (Player* p : {&alice, &bob}) {
    const Json end = p->wait_game_event(game, "game.end", 30s);
    CHECK(end["result"] == "W+T");
    CHECK(end["reason"] == "time");
    CHECK(p->seq_errors() == std::vector<std::string>{});
  }
  const Json late = alice.fails({{"type", "game.move"}, {"game", game}, {"vertex", "E5"}});
  CHECK((late["code"] == "wrong_phase" || late["code"] == "not_found"));
  const Json games = alice.ok({{"type", "user.games"}, {"name", "alice"}})["games"];
  REQUIRE(games.size() == 1);
  CHECK(games[0]["game"] == game);
  CHECK(games[0]["result"] == "W+T");
}

TEST_CASE("a player away past the deadline forfeits", "[server][clock]") {
  ServerOptions options;
  options.extra_args = {"--disconnect-forfeit-s", "10"};
  ServerFixture fx(options);
  Player alice = fx.registered("alice");
  Player bob = fx.registered("bob");
  const std::int64_t game = start_game(alice, bob);
  play_moves(alice, bob, game, {"E5", "C3"}, {&alice, &bob});

  bob.drop();
  const Json gone = alice.wait_game_event(game, "game.opponent_gone", 15s);
  CHECK(gone["color"] == "white");
  CHECK(gone["deadline_ms"].get<std::int64_t>() > 0);
  CHECK(gone["deadline_ms"].get<std::int64_t>() <= 10000);
  // Black may keep playing while White is away.
  alice.ok({{"type", "game.move"}, {"game", game}, {"vertex", "G7"}});

  const Json end = alice.wait_game_event(game, "game.end", 40s);
  CHECK(end["result"] == "B+F");
  CHECK(end["reason"] == "forfeit");
  CHECK(alice.seq_errors() == std::vector<std::string>{});

  bob.connect();
  bob.login();
  CHECK(bob.resume()["games"] == Json::array());
  const Json games = bob.ok({{"type", "user.games"}, {"name", "bob"}})["games"];
  REQUIRE(games.size() == 1);
  CHECK(games[0]["result"] == "B+F");
}
