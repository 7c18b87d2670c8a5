// Request smuggling over a raw TCP socket: a request whose body's end is
// ambiguous (RFC 9112 section 6.3) gets 400 and the connection closes, so
// the second request hidden behind it is never answered; a well-framed
// chunked request still works on a connection that stays open.
#include <catch2/catch.hpp>

#include "server/net/http_framing.hpp"
#include "tests/e2e/net/net_fixture.hpp"
#include "tests/e2e/server/raw_socket.hpp"

using namespace yunzi;
using namespace yunzi::net;
using namespace yunzi::net::testing;
using yunzi::e2e::header_of;
using yunzi::e2e::RawSocket;
using yunzi::e2e::status_of;

namespace {

// A route a smuggled request would reach, and one that tells the body it got.
void add_routes(Server& server) {
  server.add_route([](const HttpRequest& request) -> std::optional<HttpResponse> {
    if (request.path() != "/healthz") return std::nullopt;
    return HttpResponse{200, "text/plain; charset=utf-8", "smuggled-through\n", {}};
  });
  server.add_route([](const HttpRequest& request) -> std::optional<HttpResponse> {
    if (request.path() != "/echo") return std::nullopt;
    return HttpResponse{200, "text/plain; charset=utf-8", "body=" + request.body + "\n", {}};
  });
}

std::size_t count_of(const std::string& text, std::string_view part) {
  std::size_t count = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
  return count;
}

constexpr std::string_view smuggled = "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n";

}  // namespace

TEST_CASE("http framing: ambiguous requests get 400, the connection closes, nothing smuggled is answered",
          "[net][http][framing]") {
  NetFixture fx;
  add_routes(fx.server);
  struct Case {
    const char* what;
    std::string head;
    unsigned status;
  };
  const std::vector<Case> cases = {
      {"a transfer coding that is not chunked, with Content-Length",
       "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: xchunked\r\nContent-Length: 0\r\n\r\n", 400},
      {"Content-Length, then a transfer coding that is not chunked",
       "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nTransfer-Encoding: xchunked\r\n\r\n", 400},
      {"a final coding that is not chunked, without Content-Length",
       "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, identity\r\n\r\n", 400},
      {"chunked together with Content-Length",
       "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n0\r\n\r\n", 400},
      {"Content-Length together with chunked",
       "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400},
      {"two different Content-Length fields",
       "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nContent-Length: 5\r\n\r\nhello", 400},
      {"a Content-Length list with different values",
       "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 0, 5\r\n\r\nhello", 400},
      {"Transfer-Encoding in HTTP/1.0",
       "POST /echo HTTP/1.0\r\nHost: x\r\nConnection: keep-alive\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400},
      {"a coding the server does not implement before chunked",
       "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n", 501},
  };
  for (const auto& c : cases) {
    INFO(c.what);
    auto socket = RawSocket::connect(fx.port);
    REQUIRE(socket);
    REQUIRE(socket->send(c.head + std::string(smuggled)));
    const auto received = socket->read_until_closed(std::chrono::seconds(10));
    INFO(received.bytes);
    CHECK(received.peer_closed);
    CHECK(status_of(received.bytes) == c.status);
    CHECK(count_of(received.bytes, "HTTP/1.1 ") == 1);  // one status line
    CHECK(received.bytes.find("smuggled-through") == std::string::npos);
    CHECK(header_of(received.bytes, "Connection") == "close");
  }
  CHECK(fx.server.metrics().http_bad_framing.Value() == cases.size());
}

TEST_CASE("http framing: a chunked request and one with a Content-Length keep the connection", "[net][http][framing]") {
  NetFixture fx;
  add_routes(fx.server);
  auto socket = RawSocket::connect(fx.port);
  REQUIRE(socket);
  REQUIRE(
      socket->send("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n"
                   "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\nabc" +
                   std::string(smuggled)));
  const auto chunked = socket->read_response(std::chrono::seconds(10));
  REQUIRE(chunked);
  CHECK(status_of(*chunked) == 200);
  CHECK(chunked->ends_with("body=hello\n"));
  const auto sized = socket->read_response(std::chrono::seconds(10));
  REQUIRE(sized);
  CHECK(status_of(*sized) == 200);
  CHECK(sized->ends_with("body=abc\n"));
  // The third request in the stream was a request of its own, not a body.
  const auto third = socket->read_response(std::chrono::seconds(10));
  REQUIRE(third);
  CHECK(third->ends_with("smuggled-through\n"));
  CHECK(fx.server.metrics().http_bad_framing.Value() == 0);
}

TEST_CASE("http framing: the rules on their own", "[net][http][framing]") {
  const auto check = [](std::vector<std::string_view> codings, unsigned lengths = 0, unsigned version = 11) {
    return check_request_framing(RequestFraming{codings, lengths, version});
  };
  CHECK_FALSE(check({}));
  CHECK_FALSE(check({}, 1));
  CHECK_FALSE(check({"chunked"}));
  CHECK_FALSE(check({"Chunked"}));
  CHECK_FALSE(check({" chunked "}));
  CHECK(check({"chunked"}, 1)->status == 400);
  CHECK(check({"chunked"}, 0, 10)->status == 400);
  CHECK(check({"xchunked"})->status == 400);
  CHECK(check({"chunked, gzip"})->status == 400);
  CHECK(check({"chunked", "gzip"})->status == 400);
  CHECK(check({""})->status == 400);
  CHECK(check({"gzip", "chunked"})->status == 501);
  CHECK(check({"gzip, chunked"})->status == 501);
}
