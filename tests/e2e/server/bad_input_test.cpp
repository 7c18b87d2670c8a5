// Input the server must survive: frames that are not JSON, unknown types,
// missing and mistyped fields (an error, the connection stays open), a frame
// over the size limit (close 1009) and a flood (rate_limited, then close
// 1008) while another connection goes on undisturbed.
#include <catch2/catch.hpp>

#include "tests/e2e/server/server_fixture.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

// The next error frame that carries no `re` (the request could not be read).
Json unaddressed_error(Player& p) {
  return p.wait_event("error", [](const Json& e) { return !e.contains("re"); });
}

}  // namespace

TEST_CASE("malformed frames get an error and the connection stays open", "[server][input]") {
  ServerFixture fx;
  Player alice = fx.registered("alice");

  REQUIRE(alice.ws().send_text("{\"type\": \"ping\", "));
  CHECK(unaddressed_error(alice)["code"] == "bad_request");
  REQUIRE(alice.ws().send_text("[1, 2, 3]"));
  CHECK(unaddressed_error(alice)["code"] == "bad_request");
  REQUIRE(alice.ws().send_text("{\"type\": \"ping\", \"id\": \"seven\"}"));
  CHECK(unaddressed_error(alice)["code"] == "bad_request");

  const Json unknown = alice.fails({{"type", "frobnicate"}});
  CHECK(unknown["code"] == "unknown_type");
  CHECK(unknown.contains("re"));
  const Json no_type = alice.fails({{"name", "x"}});
  CHECK(no_type["code"] == "bad_request");
  const Json missing = alice.fails({{"type", "game.move"}, {"game", 1}});
  CHECK(missing["code"] == "bad_request");
  CHECK(missing["message"].get<std::string>().find("vertex") != std::string::npos);
  const Json mistyped = alice.fails({{"type", "game.move"}, {"game", "one"}, {"vertex", "D4"}});
  CHECK(mistyped["code"] == "bad_request");
  const Json bad_settings = alice.fails({{"type", "seek.create"}, {"settings", {{"size", 10}}}});
  CHECK(bad_settings["code"] == "bad_request");
  CHECK(alice.fails({{"type", "hello"}, {"protocol", 2}})["code"] == "unsupported_protocol");

  // Still open, still logged in, still answering in order.
  CHECK(alice.ws().is_open());
  const Json hello = alice.ok({{"type", "hello"}, {"protocol", 1}, {"client", "e2e"}});
  CHECK(hello["protocol"] == 1);
  CHECK(alice.ok({{"type", "user.info"}, {"name", "alice"}})["online"] == true);
}

TEST_CASE("a frame over the size limit closes the connection with 1009", "[server][input]") {
  ServerFixture fx;
  Player alice = fx.registered("alice");
  Player bob = fx.registered("bob");
  const std::string big = "{\"type\":\"ping\",\"t\":\"" + std::string(17 * 1024, 'x') + "\"}";
  REQUIRE(alice.ws().send_text(big));
  auto closed = alice.ws().wait_closed(10s);
  REQUIRE(closed);
  CHECK(closed->code == 1009);
  CHECK(bob.ok({{"type", "ping"}})["type"] == "ok");
}

TEST_CASE("a flood gets rate_limited errors, then close 1008; others are unaffected", "[server][input]") {
  ServerOptions options;
  options.default_rate_limit = true;
  ServerFixture fx(options);
  Player flooder = fx.registered("flooder");
  Player calm = fx.registered("calm");

  // Asked one at a time, the pings outrun the rate: the burst is served, then
  // a refusal comes back (requests are answered in order, so a refusal read
  // here came before any close).
  int ok = 0;
  int limited = 0;
  for (int i = 0; i < 600 && limited == 0; ++i) {
    const Json reply = flooder.call({{"type", "ping"}, {"t", i}});
    if (reply.value("type", "") == "ok") ++ok;
    if (reply.value("code", "") == "rate_limited") ++limited;
  }
  CHECK(ok >= 20);
  CHECK(limited == 1);

  // Sent without waiting, the flood closes the connection with 1008.
  const std::string ping = R"({"type":"ping","id":1})";
  for (int i = 0; i < 600 && flooder.ws().is_open(); ++i) {
    if (!flooder.ws().send_text(ping, 2s)) break;  // the server may close while we write
  }
  auto closed = flooder.ws().wait_closed(15s);
  REQUIRE(closed);
  CHECK(closed->code == 1008);

  // The calm connection was never limited.
  for (int i = 0; i < 10; ++i) CHECK(calm.ok({{"type", "ping"}, {"t", i}})["t"] == i);
}
