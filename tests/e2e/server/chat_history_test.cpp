// The room keeps its chat: game.watch returns the lines so far to a late
// joiner and to a player who comes back, with the spectators' channel kept
// from the players while the game runs; the lines survive a restart and stay
// with the ended game; only the newest lines are kept.
#include <catch2/catch.hpp>

#include "db/records.hpp"
#include "tests/e2e/server/game_helpers.hpp"
#include "tests/e2e/server/server_fixture.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

Json line(const std::string& from, const std::string& text, const std::string& channel) {
  return Json{{"from", from}, {"text", text}, {"channel", channel}};
}

void say(Player& p, std::int64_t game, const std::string& text) {
  p.ok({{"type", "game.chat"}, {"game", game}, {"text", text}});
}

void restart(ServerFixture& fx) {
  auto stopped = fx.server.stop();
  if (!stopped) FAIL("the server did not stop: " << stopped.error());
  auto started = fx.server.start();
  if (!started) FAIL("the server did not start again: " << started.error());
}

Player back(ServerFixture& fx, const std::string& name) {
  Player p = fx.player(name);
  p.login();
  return p;
}

}  // namespace

TEST_CASE("game.watch returns the chat so far, to late joiners, after a reload and after a restart", "[server][chat]") {
  ServerFixture fx;
  Player alice = fx.registered("alice");
  Player bob = fx.registered("bob");
  Player carol = fx.registered("carol");
  const std::int64_t game = start_game(alice, bob);
  carol.watch(game);
  say(alice, game, "good luck");
  say(carol, game, "a spectator's remark");
  play_moves(alice, bob, game, {"E5"}, {&alice, &bob});
  say(bob, game, "have fun");

  const Json players_view = Json::array({line("alice", "good luck", "players"), line("bob", "have fun", "players")});
  const Json full_view =
      Json::array({line("alice", "good luck", "players"), line("carol", "a spectator's remark", "spectators"),
                   line("bob", "have fun", "players")});
  Player dave = fx.registered("dave");
  CHECK(dave.watch(game)["chat"] == full_view);
  // A player's reload: the spectators' line stays hidden while the game runs.
  Player alice_again = back(fx, "alice");
  CHECK(alice_again.watch(game)["chat"] == players_view);
  // A catch-up with `since` brings the chat too.
  CHECK(dave.watch(game, 1)["chat"] == full_view);

  restart(fx);
  Player erin = back(fx, "carol");
  CHECK(erin.watch(game)["chat"] == full_view);
  Player bob_again = back(fx, "bob");
  CHECK(bob_again.watch(game)["chat"] == players_view);

  // After the end every line is for everyone, also once the game has left memory.
  bob_again.ok({{"type", "game.resign"}, {"game", game}});
  bob_again.wait_game_event(game, "game.end");
  CHECK(bob_again.watch(game)["chat"] == full_view);
  restart(fx);
  CHECK(back(fx, "bob").watch(game)["chat"] == full_view);
}

TEST_CASE("a game keeps only its newest chat lines", "[server][chat]") {
  ServerFixture fx;
  Player alice = fx.registered("alice");
  Player bob = fx.registered("bob");
  const std::int64_t game = start_game(alice, bob);
  const int extra = 3;
  const int total = yunzi::db::max_chat_lines_per_game + extra;
  for (int i = 0; i < total; ++i) say(i % 2 == 0 ? alice : bob, game, "line " + std::to_string(i));
  const Json kept = bob.watch(game)["chat"];
  REQUIRE(kept.size() == static_cast<std::size_t>(yunzi::db::max_chat_lines_per_game));
  CHECK(kept.front()["text"] == "line " + std::to_string(extra));
  CHECK(kept.back()["text"] == "line " + std::to_string(total - 1));
  restart(fx);
  const Json stored = back(fx, "bob").watch(game)["chat"];
  REQUIRE(stored.size() == static_cast<std::size_t>(yunzi::db::max_chat_lines_per_game));
  CHECK(stored.front()["text"] == "line " + std::to_string(extra));
}
