// The idle timeout over real sockets: every frame from the peer (a message or
// only the pong to the server's ping) keeps a connection open for as long as
// it lasts; a peer that answers nothing is closed with a close frame and a
// reason, not cut.
#include <catch2/catch.hpp>
#include <thread>

#include "tests/e2e/net/net_fixture.hpp"
#include "tests/support/wait.hpp"

using namespace yunzi;
using namespace yunzi::net;
using namespace yunzi::net::testing;

namespace {

constexpr auto kIdleTimeout = std::chrono::milliseconds(600);

NetConfig idle_config(std::chrono::milliseconds ping_interval) {
  NetConfig config = test_config();
  config.idle_timeout = kIdleTimeout;
  config.ping_interval = ping_interval;
  return config;
}

// Reads (which answers pings) and sends nothing, for the given time.
void only_answer_pings(yunzi::client::WsClient& client, std::chrono::milliseconds how_long) {
  const auto until = std::chrono::steady_clock::now() + how_long;
  while (client.is_open() && std::chrono::steady_clock::now() < until) {
    (void)client.next_text(std::chrono::milliseconds(50));
  }
}

}  // namespace

TEST_CASE("a client that only answers pings stays open past three idle timeouts", "[net][ws][idle]") {
  NetFixture fx(idle_config(std::chrono::milliseconds(100)));
  auto client = fx.connect();
  only_answer_pings(*client, 3 * kIdleTimeout);
  REQUIRE(client->is_open());
  auto reply = client->request({{"type", "still-there"}});
  REQUIRE(reply);
  CHECK((*reply)["type"] == "ok");
  CHECK(fx.server.metrics().closed_idle.Value() == 0);
}

TEST_CASE("a client that sends messages stays open without pings", "[net][ws][idle]") {
  NetFixture fx(idle_config(std::chrono::hours(1)));
  auto client = fx.connect();
  REQUIRE(fx.app.wait_opened(1));
  (void)client->next_text(std::chrono::milliseconds(100));  // the first ping goes out at open
  const auto until = std::chrono::steady_clock::now() + 3 * kIdleTimeout;
  while (std::chrono::steady_clock::now() < until) {
    REQUIRE(client->send_text("still typing"));
    auto echoed = client->next_text(10s);
    REQUIRE(echoed);
    std::this_thread::sleep_for(kIdleTimeout / 4);
  }
  CHECK(client->is_open());
  CHECK(fx.server.metrics().closed_idle.Value() == 0);
}

TEST_CASE("a client that answers nothing is closed with 1001 and a reason", "[net][ws][idle]") {
  NetFixture fx(idle_config(std::chrono::milliseconds(100)));
  auto silent = fx.connect();
  auto talking = fx.connect();
  REQUIRE(fx.app.wait_opened(2));
  // The silent client does not read, so it answers no ping. Reading before
  // the server gave up would answer them: wait for its verdict first.
  const auto guard = std::chrono::steady_clock::now() + 20s;
  while (fx.server.metrics().closed_idle.Value() == 0 && std::chrono::steady_clock::now() < guard) {
    (void)talking->next_text(std::chrono::milliseconds(20));
  }
  auto closed = silent->wait_closed(10s);
  REQUIRE(closed);
  CHECK(closed->code == close_code::going_away);
  CHECK(closed->reason == "idle timeout");
  CHECK(fx.server.metrics().closed_idle.Value() == 1);
  REQUIRE(fx.app.wait_closed(1));
  // The one that answers the pings is unaffected.
  only_answer_pings(*talking, kIdleTimeout);
  auto reply = talking->request({{"type", "still-there"}});
  REQUIRE(reply);
}

TEST_CASE("a client that never answers the close frame is dropped at the close deadline", "[net][ws][idle]") {
  NetConfig config = idle_config(std::chrono::milliseconds(100));
  config.close_timeout = std::chrono::milliseconds(300);
  config.handshake_timeout = std::chrono::minutes(5);  // Beast's own limit on the close handshake stays out of reach
  NetFixture fx(config);
  auto silent = fx.connect();  // reads nothing: answers neither the pings nor the close
  REQUIRE(fx.app.wait_opened(1));
  const auto guard = std::chrono::steady_clock::now() + 20s;
  while (fx.server.metrics().closed_idle.Value() == 0 && std::chrono::steady_clock::now() < guard) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  REQUIRE(fx.server.metrics().closed_idle.Value() == 1);
  // Only the deadline ends the connection: the close handshake never completes.
  REQUIRE(fx.app.wait_closed(1, 30s));
  // The server lets go of a connection just after the application has heard it close.
  CHECK(yunzi::test_support::wait_until([&] { return fx.server.open_connections() == 0; }, 10s));
}
