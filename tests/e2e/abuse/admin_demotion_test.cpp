// A demoted admin against the real server: the operator changes the role
// with yunzi-admin in the database file while the server runs, and the
// admin's connections that are already open lose (or gain) the power with
// the very next request, without logging in again.
#include <catch2/catch.hpp>

#include "tests/e2e/admin/admin_process.hpp"
#include "tests/e2e/server/server_fixture.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

// `yunzi-admin db <args...>` on the running server's data directory; must exit 0.
void db_command(ServerFixture& fx, std::vector<std::string> args, const std::string& stdin_text = "") {
  args.insert(args.begin(), {"db", "--data-dir", fx.server.data_dir().string()});
  const auto run = admin_tests::run_admin_tool(args, stdin_text);
  INFO("yunzi-admin: " << run.out << run.err);
  REQUIRE(run.exit_code == 0);
}

const Json reports{{"type", "admin.reports"}};

}  // namespace

TEST_CASE("a role changed by yunzi-admin applies at once to the open connections", "[abuse][admin]") {
  ServerFixture fx;
  db_command(fx, {"create-admin", "warden", "--password-stdin"}, "warden password\n");
  Player warden(fx.server.port(), "warden", "warden password");
  warden.login();
  Player second(fx.server.port(), "warden", "warden password");
  second.login();
  Player mallory = fx.registered("mallory");
  warden.ok(reports);
  second.ok({{"type", "admin.mute"}, {"user", "mallory"}, {"minutes", 5}, {"reason", "spam"}});

  db_command(fx, {"set-role", "warden", "user"});
  for (Player* connection : {&warden, &second}) {
    const Json refused = connection->fails(reports);
    CHECK(refused["code"] == "forbidden");
    CHECK(connection->fails({{"type", "admin.kick"}, {"user", "mallory"}, {"reason", "x"}})["code"] == "forbidden");
  }
  CHECK(mallory.ok({{"type", "ping"}})["time_ms"].is_number_integer());  // not kicked

  // Promotion works the same way: the power comes with the next request.
  db_command(fx, {"set-role", "mallory", "admin"});
  mallory.ok(reports);
  db_command(fx, {"set-role", "warden", "admin"});
  warden.ok(reports);
}
