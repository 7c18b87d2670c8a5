// The disk refuses every write while the server runs (a full disk; here the
// server's file size limit is lowered to 0 with prlimit, so each write fails
// with EFBIG: a real failure of the real files, no mock). /healthz and
// /readyz must say so (503 and why) instead of answering ok while every move
// is lost, /livez that the process still works,
// /metrics counts the refused writes, the players get an error rather than
// silence, and once the disk takes writes again the server recovers on its
// own.
#include <catch2/catch.hpp>

#include <sys/resource.h>

#include <thread>

#include "tests/e2e/server/server_fixture.hpp"
#include "tests/e2e/server/server_logs.hpp"
#include "tools/client/http_get.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

yunzi::client::HttpReply get(ServerFixture& fx, const std::string& target) {
  auto reply = yunzi::client::http_get("127.0.0.1", fx.server.port(), target);
  INFO("GET " << target);
  REQUIRE(reply);
  return *reply;
}

// The soft limit only: the hard one stays, so it can be raised back without
// privileges.
void set_file_size_limit(pid_t pid, rlim_t soft) {
  rlimit current{};
  REQUIRE(::prlimit(pid, RLIMIT_FSIZE, nullptr, &current) == 0);
  const rlimit wanted{soft, current.rlim_max};
  REQUIRE(::prlimit(pid, RLIMIT_FSIZE, &wanted, nullptr) == 0);
}

// The value of an unlabelled Prometheus sample; -1 when it is absent.
double sample(const std::string& metrics, const std::string& name) {
  for (const auto& line : lines_of(metrics)) {
    if (line.starts_with(name + " ")) return std::stod(line.substr(name.size() + 1));
  }
  return -1;
}

Json register_request(const std::string& name) {
  return {{"type", "register"}, {"name", name}, {"password", "correct-horse"}, {"rank", "5k"}};
}

}  // namespace

TEST_CASE("a disk that refuses writes makes /healthz 503 with the reason, and it recovers with the disk",
          "[abuse][database]") {
  ServerFixture fx;
  Player alice = fx.registered("alice");
  REQUIRE(get(fx, "/healthz").status == 200);
  CHECK(sample(get(fx, "/metrics").body, "yunzi_db_write_failures_total") == 0);

  set_file_size_limit(fx.server.pid(), 0);
  Player bob = fx.player("bob");
  const Json refused = bob.fails(register_request("bob"));
  CHECK(refused["code"] == "internal");

  const auto health = get(fx, "/healthz");
  CHECK(health.status == 503);
  CHECK(contains(health.body, "database writes failing (io)"));
  // Not ready for writes, yet alive: no supervisor should restart a server that waits for its disk.
  const auto ready = get(fx, "/readyz");
  CHECK(ready.status == 503);
  CHECK(contains(ready.body, "database writes failing (io)"));
  CHECK(get(fx, "/livez").status == 200);
  const std::string metrics = get(fx, "/metrics").body;
  INFO(metrics);
  CHECK(sample(metrics, "yunzi_db_write_failures_total") >= 1);
  CHECK(sample(metrics, "yunzi_db_writer_failing") == 1);
  // Reads still work for everyone connected.
  CHECK(alice.ok({{"type", "user.info"}, {"name", "alice"}})["user"]["name"] == "alice");

  // The disk takes writes again: the writer's probe notices without any
  // player writing (the wait is a guard, not a measurement).
  set_file_size_limit(fx.server.pid(), RLIM_INFINITY);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(15);
  while (get(fx, "/healthz").status != 200 && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  CHECK(get(fx, "/healthz").status == 200);
  CHECK(get(fx, "/readyz").status == 200);
  CHECK(sample(get(fx, "/metrics").body, "yunzi_db_writer_failing") == 0);
  CHECK(contains(fx.server.log_text(), "database writes succeed again"));
  bob.register_account();
  CHECK(bob.login()["user"]["name"] == "bob");
}
