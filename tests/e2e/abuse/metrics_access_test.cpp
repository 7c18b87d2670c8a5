// /metrics tells a stranger how many play, how busy the server is and how
// its database fares: only the addresses in metrics_allow (loopback by
// default) may read it, everyone else gets 403. Behind a trusted proxy the
// forwarded client counts, not the proxy, so nginx passing a request from
// the internet does not make it local.
#include <catch2/catch.hpp>

#include "tests/e2e/server/raw_socket.hpp"
#include "tests/e2e/server/server_fixture.hpp"
#include "tests/e2e/server/server_logs.hpp"
#include "tools/client/http_get.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

unsigned metrics_status(const ServerProcess& server, const std::string& forwarded_for = "") {
  auto socket = RawSocket::connect(server.port());
  REQUIRE(socket);
  std::string request = "GET /metrics HTTP/1.1\r\nHost: x\r\n";
  if (!forwarded_for.empty()) request += "X-Forwarded-For: " + forwarded_for + "\r\n";
  REQUIRE(socket->send(request + "\r\n"));
  const auto response = socket->read_response(std::chrono::seconds(10));
  REQUIRE(response);
  INFO(*response);
  if (status_of(*response) == 200) CHECK(contains(*response, "yunzi_ws_connections_open"));
  if (status_of(*response) == 403) CHECK_FALSE(contains(*response, "yunzi_"));
  return status_of(*response);
}

ServerOptions with_args(std::vector<std::string> args) {
  ServerOptions options;
  options.extra_args = std::move(args);
  return options;
}

}  // namespace

TEST_CASE("metrics: loopback by default; a forwarded stranger is refused", "[abuse][metrics]") {
  ServerFixture fx(with_args({"--trusted-proxies", "127.0.0.1"}));
  CHECK(metrics_status(fx.server) == 200);
  CHECK(metrics_status(fx.server, "203.0.113.9") == 403);
  CHECK(metrics_status(fx.server, "127.0.0.1") == 200);  // a scraper on the proxy's machine
  CHECK(metrics_status(fx.server, "::1") == 200);
  // The rest of the server answers the stranger as before.
  auto health = yunzi::client::http_get("127.0.0.1", fx.server.port(), "/healthz");
  REQUIRE(health);
  CHECK(health->status == 200);
}

TEST_CASE("metrics: without trusted proxies the header names nobody", "[abuse][metrics]") {
  ServerFixture fx;
  CHECK(metrics_status(fx.server, "203.0.113.9") == 200);  // the peer is loopback, the header is ignored
}

TEST_CASE("metrics: metrics_allow names the scrapers, loopback included or not", "[abuse][metrics]") {
  ServerFixture fx(with_args({"--trusted-proxies", "127.0.0.1", "--metrics-allow", "203.0.113.0/24, 2001:db8::/32"}));
  CHECK(metrics_status(fx.server) == 403);  // loopback is no longer listed
  CHECK(metrics_status(fx.server, "203.0.113.9") == 200);
  CHECK(metrics_status(fx.server, "2001:db8::7") == 200);
  CHECK(metrics_status(fx.server, "198.51.100.1") == 403);
}

TEST_CASE("metrics: a bad metrics_allow entry stops the server with exit code 2", "[abuse][metrics]") {
  yunzi::test_support::TempDir dir;
  ServerProcess server(dir.path(), with_args({"--metrics-allow", "10.0.0.1/8"}));
  auto refused = server.start();
  REQUIRE_FALSE(refused);
  CHECK(contains(refused.error(), "exit code 2"));
  CHECK(contains(refused.error(), "--metrics-allow"));
}
