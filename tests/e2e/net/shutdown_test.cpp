// Graceful shutdown: the application's notice arrives first, then every
// WebSocket is closed with 1012, and the listener stops accepting.
#include <catch2/catch.hpp>
#include <future>
#include <thread>

#include "tests/e2e/net/net_fixture.hpp"

using namespace yunzi;
using namespace yunzi::net;
using namespace yunzi::net::testing;

namespace {

// The client hears the notice with `text` first, then the close with 1012.
void notice_then_restart_close(yunzi::client::WsClient& client, const std::string& text) {
  auto notice = client.wait_for_event("notice", 10s);
  INFO((notice ? std::string() : notice.error()));
  REQUIRE(notice);
  CHECK((*notice)["text"] == text);
  auto closed = client.wait_closed(10s);
  REQUIRE(closed);
  CHECK(closed->code == close_code::service_restart);
}

}  // namespace

TEST_CASE("shutdown sends the notice, then closes with 1012", "[net][shutdown]") {
  NetFixture fx;
  auto first = fx.connect();
  auto second = fx.connect();
  REQUIRE(fx.app.wait_opened(2));

  fx.app.broadcast(R"({"type":"notice","text":"restarting"})");
  // Joined however the checks below end.
  std::jthread stopper([&] { fx.server.shutdown(std::chrono::milliseconds(20000)); });

  for (auto* client : {first.get(), second.get()}) {
    notice_then_restart_close(*client, "restarting");
  }
  stopper.join();
  CHECK(fx.app.wait_closed(2, std::chrono::milliseconds(0)));
  CHECK(fx.server.open_connections() == 0);

  auto late = yunzi::client::WsClient::connect("127.0.0.1", fx.port, "/ws", std::chrono::milliseconds(2000));
  CHECK_FALSE(late);
}

TEST_CASE("a connection opened as shutdown begins still gets what was sent to it first", "[net][shutdown]") {
  NetFixture fx;
  std::promise<void> opened;
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  fx.app.after_open = [&opened, released](const ConnectionPtr& connection) {
    connection->send(std::string(R"({"type":"notice","text":"welcome"})"));
    opened.set_value();
    released.wait();  // the application is still in on_open when shutdown starts
  };
  auto client = fx.connect();
  REQUIRE(client);
  opened.get_future().wait();
  std::jthread stopper([&] { fx.server.shutdown(std::chrono::milliseconds(20000)); });
  // Long enough for shutdown to raise its flag and take its snapshot on any machine
  // this runs on; the order checked below must hold whenever it does.
  std::this_thread::sleep_for(200ms);
  release.set_value();

  notice_then_restart_close(*client, "welcome");
}

TEST_CASE("shutdown does not wait past the grace period for a silent client", "[net][shutdown]") {
  NetConfig config = test_config();
  config.close_timeout = std::chrono::milliseconds(60000);
  NetFixture fx(config);
  auto silent = fx.connect();  // never reads: the close handshake cannot finish
  REQUIRE(fx.app.wait_opened(1));
  const auto start = std::chrono::steady_clock::now();
  fx.server.shutdown(std::chrono::milliseconds(200));
  CHECK(std::chrono::steady_clock::now() - start < 30s);
  // Dropped, and the application heard of it.
  CHECK(fx.server.open_connections() == 0);
  CHECK(fx.app.wait_closed(1, std::chrono::milliseconds(0)));
  CHECK(fx.app.open_connections().empty());
  // The close frame went out before the socket was dropped.
  auto closed = silent->wait_closed(10s);
  REQUIRE(closed);
  CHECK(closed->code == close_code::service_restart);
}
