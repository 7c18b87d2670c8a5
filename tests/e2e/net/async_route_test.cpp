// Routes that answer later, from another thread (as the application's routes
// do after a database read): the answer reaches the client, pipelined
// requests are answered in order and the next one is read only after the
// answer, HEAD and keep-alive hold, a second answer is ignored, a dropped
// responder closes the connection, and a client that leaves before the
// answer costs the server nothing.
#include <catch2/catch.hpp>

#include <condition_variable>
#include <future>
#include <mutex>
#include <thread>

#include "tests/e2e/net/net_fixture.hpp"
#include "tests/e2e/server/raw_socket.hpp"
#include "tools/client/http_get.hpp"

using namespace yunzi;
using namespace yunzi::net;
using namespace yunzi::net::testing;
using yunzi::e2e::RawSocket;
using yunzi::e2e::status_of;

namespace {

// The requests to /later/... a test answers when it chooses; /now answers at
// once and counts its requests.
class HeldRequests {
 public:
  void add_routes(Server& server) {
    server.add_async_route([this](const HttpRequest& request, const HttpResponder& respond) {
      if (!request.path().starts_with("/later/")) return false;
      std::lock_guard lock(mutex_);
      held_.emplace_back(request.path(), respond);
      changed_.notify_all();
      return true;
    });
    server.add_route([this](const HttpRequest& request) -> std::optional<HttpResponse> {
      if (request.path() != "/now") return std::nullopt;
      std::lock_guard lock(mutex_);
      ++now_requests_;
      return HttpResponse{200, "text/plain; charset=utf-8", "now\n", {}};
    });
  }

  // The responder of the next held request, once it arrived (empty after the guard timeout).
  std::pair<std::string, HttpResponder> next(std::chrono::seconds timeout = std::chrono::seconds(10)) {
    std::unique_lock lock(mutex_);
    if (!changed_.wait_for(lock, timeout, [this] { return !held_.empty(); })) return {};
    auto first = std::move(held_.front());
    held_.erase(held_.begin());
    return first;
  }

  int now_requests() {
    std::lock_guard lock(mutex_);
    return now_requests_;
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<std::pair<std::string, HttpResponder>> held_;
  int now_requests_ = 0;
};

HttpResponse text(std::string body) { return HttpResponse{200, "text/plain; charset=utf-8", std::move(body), {}}; }

// Answers from a thread of its own, as a database reader would.
void answer_from_another_thread(const HttpResponder& respond, std::string body) {
  std::thread([respond, body = std::move(body)] { respond(text(body)); }).join();
}

std::string body_of(const std::string& response) { return response.substr(response.find("\r\n\r\n") + 4); }

}  // namespace

TEST_CASE("async route: an answer given later from another thread reaches the client", "[net][http][async]") {
  NetFixture fx;
  HeldRequests held;
  held.add_routes(fx.server);
  auto reply =
      std::async(std::launch::async, [&] { return yunzi::client::http_get("127.0.0.1", fx.port, "/later/a"); });
  auto [path, respond] = held.next();
  REQUIRE(respond);
  CHECK(path == "/later/a");
  answer_from_another_thread(respond, "answered later\n");
  auto got = reply.get();
  REQUIRE(got);
  CHECK(got->status == 200);
  CHECK(got->body == "answered later\n");
  CHECK(got->header("X-Content-Type-Options") == "nosniff");
}

TEST_CASE("async route: pipelined requests are read one after the other answer, in order", "[net][http][async]") {
  NetFixture fx;
  HeldRequests held;
  held.add_routes(fx.server);
  auto socket = RawSocket::connect(fx.port);
  REQUIRE(socket);
  REQUIRE(
      socket->send("GET /later/1 HTTP/1.1\r\nHost: x\r\n\r\n"
                   "GET /now HTTP/1.1\r\nHost: x\r\n\r\n"
                   "HEAD /later/2 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"));
  auto first = held.next();
  REQUIRE(first.second);
  CHECK(first.first == "/later/1");
  // The connection waits for the first answer before it reads the second request.
  CHECK(held.now_requests() == 0);
  answer_from_another_thread(first.second, "one\n");
  auto one = socket->read_response(std::chrono::seconds(10));
  REQUIRE(one);
  CHECK(status_of(*one) == 200);
  CHECK(body_of(*one) == "one\n");

  auto now = socket->read_response(std::chrono::seconds(10));
  REQUIRE(now);
  CHECK(body_of(*now) == "now\n");
  CHECK(held.now_requests() == 1);

  // HEAD answered later: the length of the body, no body, and the close asked for.
  auto last = held.next();
  REQUIRE(last.second);
  CHECK(last.first == "/later/2");
  answer_from_another_thread(last.second, "a body HEAD does not get\n");
  const auto rest = socket->read_until_closed(std::chrono::seconds(10));
  INFO(rest.bytes);
  CHECK(rest.peer_closed);
  CHECK(status_of(rest.bytes) == 200);
  CHECK(yunzi::e2e::header_of(rest.bytes, "Content-Length") == "25");
  CHECK(body_of(rest.bytes).empty());
}

TEST_CASE("async route: a second answer to one request is ignored", "[net][http][async]") {
  NetFixture fx;
  HeldRequests held;
  held.add_routes(fx.server);
  auto socket = RawSocket::connect(fx.port);
  REQUIRE(socket);
  REQUIRE(socket->send("GET /later/twice HTTP/1.1\r\nHost: x\r\n\r\n"));
  auto [path, respond] = held.next();
  REQUIRE(respond);
  respond(text("first\n"));
  respond(text("second\n"));
  auto first = socket->read_response(std::chrono::seconds(10));
  REQUIRE(first);
  CHECK(body_of(*first) == "first\n");
  // The next request on the connection gets its own answer, not the stray second one.
  REQUIRE(socket->send("GET /now HTTP/1.1\r\nHost: x\r\n\r\n"));
  auto next = socket->read_response(std::chrono::seconds(10));
  REQUIRE(next);
  CHECK(body_of(*next) == "now\n");
}

TEST_CASE("async route: a responder dropped unanswered closes the connection", "[net][http][async]") {
  NetFixture fx;
  HeldRequests held;
  held.add_routes(fx.server);
  auto socket = RawSocket::connect(fx.port);
  REQUIRE(socket);
  REQUIRE(socket->send("GET /later/never HTTP/1.1\r\nHost: x\r\n\r\n"));
  {
    auto dropped = held.next();
    REQUIRE(dropped.second);
  }
  const auto received = socket->read_until_closed(std::chrono::seconds(10));
  CHECK(received.peer_closed);
  CHECK(received.bytes.empty());
}

TEST_CASE("async route: clients that leave before the answer cost the server nothing", "[net][http][async]") {
  NetFixture fx;
  HeldRequests held;
  held.add_routes(fx.server);
  constexpr int kClients = 8;
  for (int i = 0; i < kClients; ++i) {
    auto socket = RawSocket::connect(fx.port);
    REQUIRE(socket);
    REQUIRE(socket->send("GET /later/" + std::to_string(i) + " HTTP/1.1\r\nHost: x\r\n\r\n"));
    auto [path, respond] = held.next();
    REQUIRE(respond);
    socket.reset();  // gone before the answer
    answer_from_another_thread(respond, std::string(64 * 1024, 'x'));
  }
  auto alive = yunzi::client::http_get("127.0.0.1", fx.port, "/now");
  REQUIRE(alive);
  CHECK(alive->body == "now\n");
  auto client = fx.connect();
  CHECK(client->request({{"type", "alive"}}));
}
