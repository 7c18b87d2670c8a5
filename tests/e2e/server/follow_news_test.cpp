// Followers hear of a player as it happens, on the real server: bob follows
// alice, carol does not. When alice comes online bob gets follow.online
// (carol nothing); when she starts a game bob gets follow.game with its id
// and her opponent, and so do the opponent's followers of the opponent.
// After an unfollow nothing comes. Within the quiet time a reconnection is
// not announced again; after it, it is.
#include <catch2/catch.hpp>

#include <chrono>
#include <thread>

#include "tests/e2e/server/game_helpers.hpp"
#include "tests/e2e/server/server_fixture.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

void comes_back(Player& player) {
  player.drop();
  player.connect();
  player.login();
}

}  // namespace

TEST_CASE("followers hear when a player comes online and starts a game", "[server][follows]") {
  ServerFixture fx(ServerOptions{{"--follow-online-quiet-s", "0"}});
  Player alice = fx.registered("alice");
  Player bob = fx.registered("bob");
  Player carol = fx.registered("carol");
  Player dave = fx.registered("dave");
  bob.ok({{"type", "follow"}, {"user", "alice"}});
  dave.ok({{"type", "follow"}, {"user", "carol"}});

  comes_back(alice);
  const Json online = bob.wait_event("follow.online");
  CHECK(online["user"]["name"] == "alice");
  CHECK(online["user"]["rank"] == "5k");
  CHECK(carol.no_event("follow.online", 300ms));
  // A second connection while one is open is no arrival.
  Player alice_phone = fx.player("alice");
  alice_phone.connect();
  alice_phone.login();
  CHECK(bob.no_event("follow.online", 300ms));

  const std::int64_t game = start_game(alice, carol);
  const Json started = bob.wait_event("follow.game");
  CHECK(started["game"] == game);
  CHECK(started["user"]["name"] == "alice");
  CHECK(started["opponent"]["name"] == "carol");
  const Json opponent_news = dave.wait_event("follow.game");
  CHECK(opponent_news["game"] == game);
  CHECK(opponent_news["user"]["name"] == "carol");
  CHECK(opponent_news["opponent"]["name"] == "alice");
  // bob watches the game from the news, as a spectator would.
  CHECK(bob.watch(game)["state"]["game"] == game);

  bob.ok({{"type", "unfollow"}, {"user", "alice"}});
  alice_phone.drop();
  comes_back(alice);
  CHECK(bob.no_event("follow.online", 500ms));
}

TEST_CASE("a player who comes back within the quiet time is not announced again", "[server][follows]") {
  ServerFixture fx(ServerOptions{{"--follow-online-quiet-s", "2"}});
  Player alice = fx.registered("alice");  // registering brought her online: the quiet time runs from here
  const auto arrived = std::chrono::steady_clock::now();
  Player bob = fx.registered("bob");
  bob.ok({{"type", "follow"}, {"user", "alice"}});
  comes_back(alice);
  CHECK(bob.no_event("follow.online", 300ms));
  std::this_thread::sleep_until(arrived + 2100ms);
  comes_back(alice);
  CHECK(bob.wait_event("follow.online")["user"]["name"] == "alice");
}
