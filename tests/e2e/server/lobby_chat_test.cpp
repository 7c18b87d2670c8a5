// The lobby's chat room: a line reaches every connection that watches the
// lobby (and no other), lobby.watch brings the newest lines, only
// `lobby_chat_history` of them are kept, and a restart clears them (the
// lobby chat lives in memory only).
#include <catch2/catch.hpp>

#include "tests/e2e/server/server_fixture.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

Json say(Player& p, const std::string& text) { return p.ok({{"type", "lobby.chat"}, {"text", text}}); }

std::vector<std::string> texts_of(const Json& chat) {
  std::vector<std::string> out;
  for (const Json& line : chat) out.push_back(line["text"].get<std::string>());
  return out;
}

}  // namespace

TEST_CASE("a lobby chat line reaches every lobby watcher and comes with lobby.watch", "[server][lobby_chat]") {
  ServerOptions options;
  options.extra_args = {"--lobby-chat-history", "3"};
  ServerFixture fx(options);
  Player alice = fx.registered("alice");
  Player bob = fx.registered("bob");
  Player carol = fx.registered("carol");  // signed in, not watching the lobby
  alice.ok({{"type", "lobby.watch"}});
  bob.ok({{"type", "lobby.watch"}});
  Player guest = fx.player("guest");  // watching without a login: reads, cannot write
  guest.connect();
  guest.ok({{"type", "lobby.watch"}});

  say(alice, "anyone for a 9x9?");
  const Json heard = bob.wait_event("lobby.chat");
  CHECK(heard["from"] == "alice");
  CHECK(heard["text"] == "anyone for a 9x9?");
  CHECK(heard["at"].get<std::int64_t>() > 0);
  CHECK(alice.wait_event("lobby.chat")["text"] == "anyone for a 9x9?");
  CHECK(guest.wait_event("lobby.chat")["from"] == "alice");
  CHECK(carol.no_event("lobby.chat", 300ms));
  CHECK(guest.fails({{"type", "lobby.chat"}, {"text", "hi"}})["code"] == "unauthenticated");

  // A watcher who stops watching hears no more.
  bob.ok({{"type", "lobby.unwatch"}});
  say(carol, "me!");
  CHECK(alice.wait_event("lobby.chat")["from"] == "carol");
  CHECK(bob.no_event("lobby.chat", 300ms));

  // Only the newest lobby_chat_history lines are kept, oldest first.
  say(alice, "third");
  say(bob, "fourth");
  const Json snapshot = carol.ok({{"type", "lobby.watch"}});
  CHECK(texts_of(snapshot["chat"]) == std::vector<std::string>{"me!", "third", "fourth"});
  CHECK(snapshot["chat"][2]["from"] == "bob");

  // The chat lives in memory: a restart clears it.
  auto stopped = fx.server.stop();
  REQUIRE(stopped);
  REQUIRE(fx.server.start());
  Player dave = fx.registered("dave");
  CHECK(dave.ok({{"type", "lobby.watch"}})["chat"].empty());
}
