// WebSocket behaviour over real sockets: echo and request/reply, the frame
// size limit (1009), text-only (1003), the message rate (rate_limited, then
// 1008 for a flood), connections per address (429) and round-trip
// measurement from pings.
#include <catch2/catch.hpp>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket.hpp>

#include "tests/e2e/net/net_fixture.hpp"

using namespace yunzi;
using namespace yunzi::net;
using namespace yunzi::net::testing;

TEST_CASE("echo and request/reply over a real socket", "[net][ws]") {
  NetFixture fx;
  auto client = fx.connect();
  REQUIRE(client->send_text("plain text"));
  auto echoed = client->next_text(10s);
  REQUIRE(echoed);
  CHECK(*echoed == "plain text");

  auto reply = client->request({{"type", "hello"}, {"protocol", 1}});
  REQUIRE(reply);
  CHECK((*reply)["type"] == "ok");
  CHECK((*reply)["re"] == 1);
  auto second = client->request({{"type", "ping"}});
  REQUIRE(second);
  CHECK((*second)["re"] == 2);

  REQUIRE(fx.app.wait_opened(1));
  const auto connections = fx.app.open_connections();
  REQUIRE(connections.size() == 1);
  CHECK(connections[0]->remote_address().rfind("127.0.0.1:", 0) == 0);
  CHECK(fx.server.metrics().frames_in.Value() == 3);
}

TEST_CASE("connection ids are unique", "[net][ws]") {
  NetFixture fx;
  auto a = fx.connect();
  auto b = fx.connect();
  REQUIRE(fx.app.wait_opened(2));
  const auto connections = fx.app.open_connections();
  REQUIRE(connections.size() == 2);
  CHECK(connections[0]->id() != connections[1]->id());
}

TEST_CASE("a message sent in several frames, some longer than one read, arrives whole", "[net][ws]") {
  NetFixture fx;
  boost::asio::io_context io;
  boost::asio::ip::tcp::resolver resolver(io);
  boost::beast::websocket::stream<boost::asio::ip::tcp::socket> ws(io);
  boost::asio::connect(ws.next_layer(), resolver.resolve("127.0.0.1", std::to_string(fx.port)));
  ws.handshake("127.0.0.1", "/ws");
  ws.text(true);
  const std::vector<std::string> frames{"first ", std::string(1500, 'm'), "", " last"};
  std::string whole;
  for (std::size_t i = 0; i < frames.size(); ++i) {
    ws.write_some(i + 1 == frames.size(), boost::asio::buffer(frames[i]));
    whole += frames[i];
  }
  boost::beast::flat_buffer echoed;
  ws.read(echoed);  // the server's first ping is answered inside the read
  CHECK(boost::beast::buffers_to_string(echoed.data()) == whole);
  REQUIRE(fx.app.wait_opened(1));
  CHECK(fx.server.metrics().frames_in.Value() == 1);  // one message, however many frames
  ws.close(boost::beast::websocket::close_code::normal);
}

TEST_CASE("a frame at the limit passes, one over it closes with 1009", "[net][ws]") {
  NetFixture fx;
  auto client = fx.connect();
  const std::string at_limit(16 * 1024, 'a');
  REQUIRE(client->send_text(at_limit));
  auto echoed = client->next_text(10s);
  REQUIRE(echoed);
  CHECK(echoed->size() == at_limit.size());

  REQUIRE(client->send_text(std::string(17 * 1024, 'b')));
  auto closed = client->wait_closed(10s);
  REQUIRE(closed);
  CHECK(closed->code == close_code::too_big);
  REQUIRE(fx.app.wait_closed(1));
  CHECK(fx.server.metrics().closed_too_big.Value() == 1);
}

TEST_CASE("a binary frame closes with 1003", "[net][ws]") {
  NetFixture fx;
  auto client = fx.connect();
  REQUIRE(client->send_binary(std::string("\x00\x01\xff", 3)));
  auto closed = client->wait_closed(10s);
  REQUIRE(closed);
  CHECK(closed->code == close_code::unsupported_data);
}

TEST_CASE("text that is not UTF-8 closes with 1007", "[net][ws]") {
  NetFixture fx;
  auto client = fx.connect();
  REQUIRE(client->send_text("\xc3\x28 broken"));
  auto closed = client->wait_closed(10s);
  REQUIRE(closed);
  CHECK(closed->code == close_code::bad_payload);
}

TEST_CASE("a flood is rate limited, then closed with 1008; others are unaffected", "[net][ws]") {
  NetFixture fx;
  auto flooder = fx.connect();
  auto bystander = fx.connect();
  int sent = 0;
  for (; sent < 1000 && flooder->send_text("spam"); ++sent) {
  }
  auto closed = flooder->wait_closed(20s);
  REQUIRE(closed);
  CHECK(closed->code == close_code::policy);
  // The burst of 40 passes; past it the application was told to refuse.
  int echoes = 0;
  int refusals = 0;
  while (auto frame = flooder->next_text(std::chrono::milliseconds(0))) {
    if (*frame == "spam") ++echoes;
    if (frame->find("rate_limited") != std::string::npos) ++refusals;
  }
  CHECK(echoes >= 40);
  CHECK(echoes < 100);
  CHECK(refusals >= 150);
  CHECK(sent >= echoes + refusals);
  CHECK(fx.server.metrics().closed_flood.Value() == 1);

  auto reply = bystander->request({{"type", "still-there"}});
  REQUIRE(reply);
  CHECK((*reply)["type"] == "ok");
}

TEST_CASE("upgrades beyond the connections of one address get 429; a closed one frees its place", "[net][ws]") {
  NetConfig config = test_config();
  config.max_connections_per_address = 3;
  NetFixture fx(config);
  std::vector<std::unique_ptr<yunzi::client::WsClient>> held;
  for (int i = 0; i < 3; ++i) held.push_back(fx.connect());
  REQUIRE(fx.app.wait_opened(3));
  auto refused = yunzi::client::WsClient::connect("127.0.0.1", fx.port);
  REQUIRE_FALSE(refused);
  CHECK(refused.error().find("HTTP 429") != std::string::npos);
  CHECK(fx.server.metrics().refused_per_address.Value() == 1);
  CHECK(fx.app.open_connections().size() == 3);
  // The path is checked first: another one is still 404.
  auto elsewhere = yunzi::client::WsClient::connect("127.0.0.1", fx.port, "/elsewhere");
  REQUIRE_FALSE(elsewhere);
  CHECK(elsewhere.error().find("HTTP 404") != std::string::npos);

  held.front()->close();
  REQUIRE(fx.app.wait_closed(1));
  auto again = yunzi::client::WsClient::connect("127.0.0.1", fx.port);
  CHECK(again);
}

TEST_CASE("pings measure the round trip time", "[net][ws]") {
  NetConfig config = test_config();
  config.ping_interval = std::chrono::milliseconds(20);
  NetFixture fx(config);
  auto client = fx.connect();
  REQUIRE(fx.app.wait_opened(1));
  const auto connection = fx.app.open_connections().at(0);
  // The client answers pings while it waits for frames.
  const auto guard = std::chrono::steady_clock::now() + 10s;
  while (!connection->median_rtt() && std::chrono::steady_clock::now() < guard) {
    (void)client->next_text(std::chrono::milliseconds(50));
  }
  const auto rtt = connection->median_rtt();
  REQUIRE(rtt.has_value());
  CHECK(rtt->count() >= 0);
  CHECK(*rtt < 10s);
}

TEST_CASE("connecting to another path than /ws is refused", "[net][ws]") {
  NetFixture fx;
  auto refused = yunzi::client::WsClient::connect("127.0.0.1", fx.port, "/socket");
  REQUIRE_FALSE(refused);
  CHECK(fx.server.metrics().connections_total.Value() == 0);
}

TEST_CASE("close sends what was queued first, then the code and reason", "[net][ws]") {
  NetFixture fx;
  auto client = fx.connect();
  REQUIRE(client->send_text("close:4001:see you"));
  auto goodbye = client->next_text(10s);
  REQUIRE(goodbye);
  CHECK(*goodbye == "goodbye");
  auto closed = client->wait_closed(10s);
  REQUIRE(closed);
  CHECK(closed->code == 4001);
  CHECK(closed->reason == "see you");
  REQUIRE(fx.app.wait_closed(1));
}

TEST_CASE("close with an unsendable code or an overlong reason still closes cleanly", "[net][ws]") {
  NetFixture fx;
  auto reserved = fx.connect();
  REQUIRE(reserved->send_text("close:1006:reserved code"));
  auto closed = reserved->wait_closed(10s);
  REQUIRE(closed);
  CHECK(closed->code == close_code::normal);

  auto wordy = fx.connect();
  std::string reason;
  for (int i = 0; i < 100; ++i) reason += "\xe5\x9c\x8d";  // a three-byte character
  REQUIRE(wordy->send_text("close:4002:" + reason));
  closed = wordy->wait_closed(10s);
  REQUIRE(closed);
  CHECK(closed->code == 4002);
  CHECK(closed->reason.size() <= 123);
  CHECK(closed->reason.size() % 3 == 0);
  CHECK(reason.rfind(closed->reason, 0) == 0);
}
