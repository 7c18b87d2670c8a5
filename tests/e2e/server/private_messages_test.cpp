// Private messages: stored for a recipient who is offline, pushed to every
// connection of one who is online, paged history, the conversation list
// with unread counts, message.read, and all of it after a restart.
#include <catch2/catch.hpp>

#include "tests/e2e/server/server_fixture.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

Json send(Player& from, const std::string& to, const std::string& text) {
  return from.ok({{"type", "message.send"}, {"to", to}, {"text", text}})["message"];
}

Json conversations(Player& p) { return p.ok({{"type", "message.conversations"}}); }

}  // namespace

TEST_CASE("a private message reaches every connection of the recipient", "[server][messages]") {
  ServerFixture fx;
  Player alice = fx.registered("alice");
  Player bob = fx.registered("bob");
  Player bob_phone = fx.player("bob");
  bob_phone.connect();
  bob_phone.login();

  const Json sent = send(alice, "bob", "good game\nrematch tomorrow?");
  CHECK(sent["from"] == "alice");
  CHECK(sent["to"] == "bob");
  CHECK(sent["read"] == false);
  for (Player* p : {&bob, &bob_phone}) {
    const Json event = p->wait_event("message");
    CHECK(event["id"] == sent["id"]);
    CHECK(event["from"] == "alice");
    CHECK(event["text"] == "good game\nrematch tomorrow?");
    CHECK(event["at"] == sent["at"]);
  }
  CHECK(alice.no_event("message", 200ms));

  CHECK(alice.fails({{"type", "message.send"}, {"to", "nobody"}, {"text", "hi"}})["code"] == "not_found");
  CHECK(alice.fails({{"type", "message.send"}, {"to", "alice"}, {"text", "hi"}})["code"] == "bad_request");
  Player guest = fx.player("guest");
  guest.connect();
  CHECK(guest.fails({{"type", "message.send"}, {"to", "bob"}, {"text", "hi"}})["code"] == "unauthenticated");
}

TEST_CASE("messages to an offline user are kept, listed unread, paged and marked read, across a restart",
          "[server][messages]") {
  ServerFixture fx;
  Player alice = fx.registered("alice");
  Player bob = fx.registered("bob");
  Player carol = fx.registered("carol");
  carol.ws().close();  // carol goes offline; messages wait for her
  const Json first = send(alice, "carol", "one");
  send(alice, "carol", "two");
  const Json third = send(alice, "carol", "three");
  send(bob, "carol", "hello from bob");
  send(alice, "bob", "not for carol");

  auto stopped = fx.server.stop();
  REQUIRE(stopped);
  REQUIRE(fx.server.start());
  Player carol_back = fx.player("carol");
  carol_back.connect();
  carol_back.login();

  const Json listing = conversations(carol_back);
  CHECK(listing["unread"] == 4);
  REQUIRE(listing["conversations"].size() == 2);
  CHECK(listing["conversations"][0]["with"] == "bob");  // the latest conversation first
  CHECK(listing["conversations"][0]["unread"] == 1);
  CHECK(listing["conversations"][1]["with"] == "alice");
  CHECK(listing["conversations"][1]["unread"] == 3);
  CHECK(listing["conversations"][1]["last"]["text"] == "three");

  // Newest first, `next` while more may follow, `before` for the next page.
  const Json page = carol_back.ok({{"type", "message.history"}, {"with", "alice"}, {"limit", 2}});
  REQUIRE(page["messages"].size() == 2);
  CHECK(page["messages"][0]["id"] == third["id"]);
  CHECK(page["messages"][1]["text"] == "two");
  REQUIRE(page.contains("next"));
  const Json rest =
      carol_back.ok({{"type", "message.history"}, {"with", "alice"}, {"limit", 2}, {"before", page["next"]}});
  REQUIRE(rest["messages"].size() == 1);
  CHECK(rest["messages"][0]["id"] == first["id"]);
  CHECK_FALSE(rest.contains("next"));
  // The sender sees the same conversation.
  alice.set_port(fx.server.port());
  alice.connect();
  alice.login();
  CHECK(alice.ok({{"type", "message.history"}, {"with", "carol"}})["messages"].size() == 3);

  const Json marked = carol_back.ok({{"type", "message.read"}, {"with", "alice"}});
  CHECK(marked["read"] == 3);
  CHECK(marked["unread"] == 1);
  CHECK(carol_back.ok({{"type", "message.read"}, {"with", "alice"}})["read"] == 0);
  const Json after = conversations(carol_back);
  CHECK(after["unread"] == 1);
  CHECK(after["conversations"][1]["unread"] == 0);
  CHECK(alice.ok({{"type", "message.history"}, {"with", "carol"}, {"limit", 1}})["messages"][0]["read"] == true);
  CHECK(carol_back.fails({{"type", "message.read"}, {"with", "nobody"}})["code"] == "not_found");
  CHECK(carol_back.fails({{"type", "message.history"}, {"with", "nobody"}})["code"] == "not_found");
}
