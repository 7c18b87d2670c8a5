// Connections per user and per address. A user's signed-in connections are
// counted when they sign in, under one lock, so resumes that race from many
// sockets sign in only the cap; the rest get `limit_reached` and stay open
// without a login. WebSocket upgrades beyond the cap of one client address
// (the forwarded one behind a trusted proxy) are refused with HTTP 429.
#include <catch2/catch.hpp>

#include <algorithm>
#include <thread>

#include "tests/e2e/abuse/crowd_support.hpp"
#include "tests/e2e/server/server_fixture.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

// The defaults (server/config/README.md).
constexpr std::size_t connections_per_user = 8;
constexpr std::size_t connections_per_address = 64;

Connections open_connections(std::uint16_t port, std::size_t count, const client::HeaderFields& headers = {}) {
  Connections out;
  for (std::size_t i = 0; i < count; ++i) {
    auto ws = client::WsClient::connect("127.0.0.1", port, "/ws", 5s, headers);
    INFO("connection " << i);
    REQUIRE(ws);
    out.push_back(std::move(*ws));
  }
  return out;
}

// The server hears of a closed connection a moment later: a new one is
// tried until it gets through or the time is up.
Expected<std::unique_ptr<client::WsClient>, std::string> connect_when_room(std::uint16_t port,
                                                                           const client::HeaderFields& headers = {}) {
  const auto deadline = std::chrono::steady_clock::now() + 10s;
  for (;;) {
    auto ws = client::WsClient::connect("127.0.0.1", port, "/ws", 5s, headers);
    if (ws || std::chrono::steady_clock::now() > deadline) return ws;
    std::this_thread::sleep_for(50ms);
  }
}

bool refused_with_429(const Expected<std::unique_ptr<client::WsClient>, std::string>& attempt) {
  INFO((attempt ? std::string("connected") : attempt.error()));
  return !attempt && attempt.error().find("429") != std::string::npos;
}

}  // namespace

TEST_CASE("resumes racing from many sockets sign in only the per-user cap", "[abuse][connections]") {
  ServerFixture fx;
  Player owner = fx.registered("popular");
  Connections crowd = open_connections(fx.server.port(), 2 * connections_per_user);
  std::vector<client::WsClient*> sides;
  for (auto& ws : crowd) sides.push_back(ws.get());
  const std::vector<Json> replies =
      send_side_by_side(sides, std::vector<Json>(sides.size(), {{"type", "resume"}, {"token", owner.token()}}));

  // The registering connection holds one place.
  CHECK(count_ok(replies) == connections_per_user - 1);
  CHECK(count_code(replies, "limit_reached") == replies.size() - (connections_per_user - 1));
  const Json refusal = first_with_code(replies, "limit_reached");
  REQUIRE(refusal.is_object());
  CHECK(refusal["message"].get<std::string>().find(std::to_string(connections_per_user)) != std::string::npos);

  // A refused connection stays open without a login; a password login is refused too.
  const auto refused =
      std::find_if(replies.begin(), replies.end(), [](const Json& r) { return r.value("type", "") != "ok"; });
  REQUIRE(refused != replies.end());
  client::WsClient& outsider = *crowd[static_cast<std::size_t>(refused - replies.begin())];
  auto watch = outsider.request({{"type", "lobby.watch"}});
  REQUIRE(watch);
  CHECK(watch->value("type", "") == "ok");
  auto seek = outsider.request({{"type", "seek.create"}});
  REQUIRE(seek);
  CHECK(seek->value("code", "") == "unauthenticated");
  Player again = fx.player("popular");
  CHECK(again.fails({{"type", "login"}, {"name", "popular"}, {"password", owner.password()}})["code"] ==
        "limit_reached");

  // One signed-in connection fewer makes room for one more.
  owner.drop();
  const auto deadline = std::chrono::steady_clock::now() + 10s;
  Json resumed;
  do {
    auto reply = outsider.request({{"type", "resume"}, {"token", owner.token()}});
    REQUIRE(reply);
    resumed = *reply;
  } while (resumed.value("type", "") != "ok" && std::chrono::steady_clock::now() < deadline);
  CHECK(resumed.value("type", "") == "ok");

  // Other users are not affected.
  fx.registered("someone_else");
}

TEST_CASE("WebSocket upgrades beyond the per-address cap get HTTP 429", "[abuse][connections]") {
  ServerFixture fx;
  Connections held = open_connections(fx.server.port(), connections_per_address);
  CHECK(refused_with_429(client::WsClient::connect("127.0.0.1", fx.server.port())));
  // A closed connection gives its place back.
  held.front()->close();
  held.erase(held.begin());
  auto again = connect_when_room(fx.server.port());
  REQUIRE(again);
  auto hello = (*again)->request({{"type", "hello"}, {"protocol", 1}});
  REQUIRE(hello);
  CHECK(hello->value("type", "") == "ok");
}

TEST_CASE("behind a trusted proxy the forwarded address is what the cap counts", "[abuse][connections][forwarded]") {
  ServerFixture fx(ServerOptions{{"--trusted-proxies", "127.0.0.1"}});
  const client::HeaderFields crowded{{"X-Forwarded-For", "198.51.100.1"}};
  Connections held = open_connections(fx.server.port(), connections_per_address, crowded);
  CHECK(refused_with_429(client::WsClient::connect("127.0.0.1", fx.server.port(), "/ws", 5s, crowded)));
  // Another client behind the same proxy, and the proxy itself, still connect.
  auto neighbour =
      client::WsClient::connect("127.0.0.1", fx.server.port(), "/ws", 5s, {{"X-Forwarded-For", "198.51.100.2"}});
  CHECK(neighbour);
  auto direct = client::WsClient::connect("127.0.0.1", fx.server.port());
  CHECK(direct);
}
