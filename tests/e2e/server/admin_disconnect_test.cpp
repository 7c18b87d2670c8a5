// An admin request whose connection closes before the database has
// answered: the action is still carried out, audited and logged, and the
// completion, which runs on the writer thread, reads the admin's account
// from the request and not from the closing session (under
// ThreadSanitizer, where these suites also run, reading it from the
// session is a reported race).
#include <catch2/catch.hpp>

#include <algorithm>
#include <thread>

#include "tests/e2e/server/admin_access.hpp"
#include "tests/e2e/server/server_fixture.hpp"
#include "tests/e2e/server/server_logs.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

long count_actions(const Json& entries, const std::string& action) {
  return std::count_if(entries.begin(), entries.end(), [&](const Json& e) { return e["action"] == action; });
}

}  // namespace

TEST_CASE("admin actions complete and are audited when the admin's connection closes at once", "[server][admin]") {
  ServerFixture fx;
  Player ops = fx.registered("ops");
  Player target = fx.registered("target");
  stop_cleanly(fx.server);
  make_admin(fx.server, "ops");
  REQUIRE(fx.server.start());

  constexpr int rounds = 6;
  for (int i = 0; i < rounds; ++i) {
    Player admin = fx.player("ops");
    admin.login();
    const std::string reason = "round " + std::to_string(i);
    REQUIRE(admin.ws().send_json(
        {{"type", "admin.mute"}, {"id", 100 + i}, {"user", "target"}, {"minutes", 10 + i}, {"reason", reason}}));
    // A close frame right behind it: the request is the one in flight when
    // the session closes (requests still waiting then are dropped).
    admin.ws().close();
  }

  Player checker = fx.player("ops");
  checker.login();
  Json entries;
  for (int attempt = 0; attempt < 100; ++attempt) {
    entries = checker.ok({{"type", "admin.audit"}, {"limit", 50}})["entries"];
    if (count_actions(entries, "admin.mute") == rounds) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  CHECK(count_actions(entries, "admin.mute") == rounds);
  for (const Json& entry : entries) CHECK(entry["admin"] == "ops");

  target.set_port(fx.server.port());
  target.connect();
  target.login();
  CHECK(target.fails({{"type", "lobby.chat"}, {"text", "hello"}})["code"] == "muted");
  stop_cleanly(fx.server);
  const std::string log = fx.server.log_text();
  for (int i = 0; i < rounds; ++i) CHECK(contains(log, "admin=ops user=2 game=0 reason=round " + std::to_string(i)));
}
