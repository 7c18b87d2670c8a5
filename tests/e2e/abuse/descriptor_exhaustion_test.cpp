// One address opens connections until the server has no file descriptor
// left (the server runs with a low RLIMIT_NOFILE, so a few dozen suffice).
// accept() then fails at once for every connection waiting in the backlog:
// retried at once, that was a busy loop writing megabytes of log lines a
// second. The listener must pause and retry, log a bounded number of lines,
// keep serving the connections it has, and take the waiting ones once
// descriptors are free again.
#include <catch2/catch.hpp>

#include <sys/resource.h>

#include <thread>

#include "tests/e2e/server/raw_socket.hpp"
#include "tests/e2e/server/server_fixture.hpp"
#include "tests/e2e/server/server_logs.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

constexpr std::string_view metrics_request = "GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n";
constexpr std::uint64_t descriptor_limit = 64;
// Long enough for an idle server to answer; the connection that gets no
// answer in that time is the one accept() could not take.
constexpr auto answer_wait = std::chrono::seconds(5);

std::size_t lines_with(const std::string& text, std::string_view part) {
  std::size_t count = 0;
  for (const auto& line : lines_of(text)) count += contains(line, part) ? 1 : 0;
  return count;
}

}  // namespace

TEST_CASE("out of file descriptors the listener pauses, logs a little, and serves everyone once it can",
          "[abuse][descriptors]") {
  ServerOptions options;
  options.limits.push_back({RLIMIT_NOFILE, descriptor_limit});
  ServerFixture fx(options);

  std::vector<RawSocket> served;
  std::optional<RawSocket> waiting;
  while (!waiting && served.size() < descriptor_limit) {
    auto socket = RawSocket::connect(fx.server.port());
    REQUIRE(socket);  // the kernel's backlog takes it even when the server cannot
    REQUIRE(socket->send(metrics_request));
    if (auto answer = socket->read_response(answer_wait)) {
      REQUIRE(status_of(*answer) == 200);
      served.push_back(std::move(*socket));
    } else {
      waiting = std::move(socket);
    }
  }
  REQUIRE(waiting);
  REQUIRE(served.size() >= 10);

  // While the descriptors stay exhausted, the log grows by a line per
  // interval at most, not by a line per failed accept.
  const std::size_t logged_before = fx.server.log_text().size();
  std::this_thread::sleep_for(std::chrono::seconds(2));
  const std::string meanwhile = fx.server.log_text().substr(logged_before);
  INFO(meanwhile.substr(0, 2000));
  CHECK(lines_with(meanwhile, "accept") <= 2);
  CHECK(meanwhile.size() < 4096);
  const std::string log = fx.server.log_text();
  CHECK(contains(log, "net: accept failed"));
  CHECK(contains(log, "failures="));

  // The connections already open are served as before.
  REQUIRE(served.front().send(metrics_request));
  const auto again = served.front().read_response(std::chrono::seconds(10));
  REQUIRE(again);
  CHECK(status_of(*again) == 200);
  CHECK(contains(*again, "yunzi_net_accept_failures_total"));

  // Some leave: the waiting connection is taken and answered, and so is a new one.
  served.erase(served.begin(), served.begin() + 5);
  const auto late = waiting->read_response(std::chrono::seconds(10));
  REQUIRE(late);
  CHECK(status_of(*late) == 200);
  auto fresh = RawSocket::connect(fx.server.port());
  REQUIRE(fresh);
  REQUIRE(fresh->send(metrics_request));
  const auto fresh_answer = fresh->read_response(std::chrono::seconds(10));
  REQUIRE(fresh_answer);
  CHECK(status_of(*fresh_answer) == 200);
  CHECK(wait_for_text(fx.server.log_path(), "net: accepting again after"));
}
