// The idle timeout through the real server, lowered to its least (5 s) with
// --idle-timeout-s: a logged-in client that only answers the server's pings
// (a bot waiting for an opponent, a player thinking) stays connected and
// online for three times the timeout; one that answers nothing is closed
// with a close frame, 1001 "idle timeout", not cut.
#include <catch2/catch.hpp>

#include <thread>

#include "tests/e2e/server/server_fixture.hpp"
#include "tools/client/ws_client.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

using namespace std::chrono_literals;
constexpr auto idle_timeout = 5s;

std::unique_ptr<client::WsClient> logged_in(std::uint16_t port, const std::string& name) {
  auto ws = client::WsClient::connect("127.0.0.1", port);
  REQUIRE(ws);
  auto reply = (*ws)->request({{"type", "register"}, {"name", name}, {"password", name + " password"}, {"rank", "5k"}});
  REQUIRE(reply);
  REQUIRE((*reply)["type"] == "ok");
  return std::move(*ws);
}

}  // namespace

TEST_CASE("a client that only answers pings stays connected; a silent one is closed with a reason", "[server][idle]") {
  ServerFixture fx(ServerOptions{{"--idle-timeout-s", "5"}});
  auto thinker = logged_in(fx.server.port(), "thinker");
  auto silent = logged_in(fx.server.port(), "silent");

  // The thinker reads (its client answers pings) and sends nothing; the
  // silent one does not even read.
  const auto until = std::chrono::steady_clock::now() + 3 * idle_timeout;
  while (std::chrono::steady_clock::now() < until) (void)thinker->next_text(100ms);
  REQUIRE(thinker->is_open());

  auto info = thinker->request({{"type", "user.info"}, {"name", "thinker"}});
  REQUIRE(info);
  CHECK((*info)["online"] == true);
  auto closed = silent->wait_closed(10s);
  REQUIRE(closed);
  CHECK(closed->code == 1001);
  CHECK(closed->reason == "idle timeout");
  auto gone = thinker->request({{"type", "user.info"}, {"name", "silent"}});
  REQUIRE(gone);
  CHECK((*gone)["online"] == false);
}
