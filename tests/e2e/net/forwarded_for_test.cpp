// The client's address behind a reverse proxy: which X-Forwarded-For entry
// is believed (the rules on their own), and what a connection reports over a
// real socket with and without 127.0.0.1 as a trusted proxy.
#include <catch2/catch.hpp>

#include <algorithm>

#include "server/net/forwarded_for.hpp"
#include "tests/e2e/net/net_fixture.hpp"

using namespace yunzi;
using namespace yunzi::net;
using namespace yunzi::net::testing;

namespace {

std::string client_of(const TrustedProxies& proxies, std::string_view peer, std::vector<std::string_view> fields) {
  return proxies.client_ip(peer, fields);
}

}  // namespace

TEST_CASE("canonical_ip: one spelling per address, nothing that is not an address", "[net][forwarded]") {
  CHECK(canonical_ip("127.0.0.1") == "127.0.0.1");
  CHECK(canonical_ip("2001:DB8:0:0::1") == "2001:db8::1");
  CHECK(canonical_ip("::ffff:192.0.2.7") == "192.0.2.7");
  CHECK(canonical_ip("::1") == "::1");
  CHECK_FALSE(canonical_ip(""));
  CHECK_FALSE(canonical_ip("unknown"));
  CHECK_FALSE(canonical_ip("192.0.2.7:80"));
  CHECK_FALSE(canonical_ip("999.0.0.1"));
  CHECK_FALSE(canonical_ip(" 192.0.2.7"));
}

TEST_CASE("X-Forwarded-For is believed only from a trusted peer", "[net][forwarded]") {
  const TrustedProxies none;
  const TrustedProxies local(std::vector<std::string>{"127.0.0.1", "::1"});

  // From anyone not listed the header means nothing.
  CHECK(client_of(none, "127.0.0.1", {"198.51.100.7"}) == "127.0.0.1");
  CHECK(client_of(local, "192.0.2.50", {"198.51.100.7"}) == "192.0.2.50");
  // A trusted peer without the header is its own client (a local health check).
  CHECK(client_of(local, "127.0.0.1", {}) == "127.0.0.1");
  CHECK(client_of(local, "127.0.0.1", {"198.51.100.7"}) == "198.51.100.7");
  CHECK(client_of(local, "::1", {"2001:DB8::7"}) == "2001:db8::7");
}

TEST_CASE("the right-most address that is not a trusted proxy is the client", "[net][forwarded]") {
  const TrustedProxies proxies(std::vector<std::string>{"127.0.0.1", "10.0.0.2", "not an address"});
  CHECK_FALSE(proxies.contains("not an address"));

  // The client wrote the first entry itself; the proxy appended what it saw.
  CHECK(client_of(proxies, "127.0.0.1", {"203.0.113.66, 198.51.100.7"}) == "198.51.100.7");
  // Two proxies in a row: the inner one's entry is skipped.
  CHECK(client_of(proxies, "127.0.0.1", {"203.0.113.66,198.51.100.7,10.0.0.2"}) == "198.51.100.7");
  // Several header fields read as one list, in order.
  CHECK(client_of(proxies, "127.0.0.1", {"203.0.113.66", "198.51.100.7"}) == "198.51.100.7");
  // Ports and brackets are dropped; spaces around entries do not matter.
  CHECK(client_of(proxies, "127.0.0.1", {" 198.51.100.7:4711 "}) == "198.51.100.7");
  CHECK(client_of(proxies, "127.0.0.1", {"[2001:db8::7]:4711"}) == "2001:db8::7");
  CHECK(client_of(proxies, "127.0.0.1", {"[2001:db8::7]"}) == "2001:db8::7");
  // Nothing but proxies: the farthest one.
  CHECK(client_of(proxies, "127.0.0.1", {"10.0.0.2, 127.0.0.1"}) == "10.0.0.2");
  // A malformed entry stops the walk at the last hop that can be trusted.
  CHECK(client_of(proxies, "127.0.0.1", {"unknown"}) == "127.0.0.1");
  CHECK(client_of(proxies, "127.0.0.1", {"198.51.100.7, unknown, 10.0.0.2"}) == "10.0.0.2");
  CHECK(client_of(proxies, "127.0.0.1", {"198.51.100.7,"}) == "127.0.0.1");
  // An IPv4-mapped peer is the IPv4 proxy.
  CHECK(client_of(proxies, "::ffff:127.0.0.1", {"198.51.100.7"}) == "198.51.100.7");
}

TEST_CASE("a connection through a trusted proxy reports the forwarded address", "[net][forwarded]") {
  NetConfig config = test_config();
  config.trusted_proxies = {"127.0.0.1"};
  NetFixture fx(config);
  auto v4 = yunzi::client::WsClient::connect("127.0.0.1", fx.port, "/ws", std::chrono::seconds(5),
                                             {{"X-Forwarded-For", "203.0.113.66, 198.51.100.7"}});
  REQUIRE(v4);
  REQUIRE(fx.app.wait_opened(1));
  auto v6 = yunzi::client::WsClient::connect("127.0.0.1", fx.port, "/ws", std::chrono::seconds(5),
                                             {{"X-Forwarded-For", "2001:db8::7"}});
  REQUIRE(v6);
  REQUIRE(fx.app.wait_opened(2));
  auto plain = fx.connect();
  REQUIRE(fx.app.wait_opened(3));

  std::vector<std::string> addresses;
  for (const auto& connection : fx.app.open_connections()) addresses.push_back(connection->remote_address());
  std::sort(addresses.begin(), addresses.end());
  REQUIRE(addresses.size() == 3);
  CHECK(addresses[0].rfind("127.0.0.1:", 0) == 0);
  CHECK(addresses[1] == "198.51.100.7");
  CHECK(addresses[2] == "[2001:db8::7]");
}

TEST_CASE("without trusted proxies the header is ignored", "[net][forwarded]") {
  NetFixture fx;
  auto spoofing = yunzi::client::WsClient::connect("127.0.0.1", fx.port, "/ws", std::chrono::seconds(5),
                                                   {{"X-Forwarded-For", "198.51.100.7"}});
  REQUIRE(spoofing);
  REQUIRE(fx.app.wait_opened(1));
  const auto connections = fx.app.open_connections();
  REQUIRE(connections.size() == 1);
  CHECK(connections[0]->remote_address().rfind("127.0.0.1:", 0) == 0);
}
