// Reports per user and hour: one account sending reports from every
// connection at once gets the quota stored and `rate_limited` for the rest,
// and the admins' list holds only what was accepted. Other users still report.
#include <catch2/catch.hpp>

#include "tests/e2e/abuse/crowd_support.hpp"
#include "tests/e2e/admin/admin_process.hpp"
#include "tests/e2e/server/server_fixture.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

// The defaults (server/config/README.md).
constexpr std::size_t reports_per_hour = 10;
constexpr std::size_t connections_per_user = 8;
constexpr std::size_t reports_per_connection = 3;

Json report_of(const std::string& name) { return {{"type", "report"}, {"user", name}, {"reason", "says rude things"}}; }

}  // namespace

TEST_CASE("a report flood from every connection of one user stores only the hourly quota", "[abuse][reports]") {
  ServerFixture fx;
  Player reporter = fx.registered("grumbler");
  Player reported = fx.registered("victim");

  const Connections crowd = resumed_connections(fx.server.port(), reporter.token(), connections_per_user - 1);
  const std::vector<Json> replies =
      send_everywhere_then_collect(crowd, std::vector<Json>(reports_per_connection, report_of("victim")));

  REQUIRE(replies.size() > reports_per_hour);
  CHECK(count_ok(replies) == reports_per_hour);
  CHECK(count_code(replies, "rate_limited") == replies.size() - reports_per_hour);
  const Json refusal = first_with_code(replies, "rate_limited");
  REQUIRE(refusal.is_object());
  CHECK(refusal["message"].get<std::string>().find(std::to_string(reports_per_hour)) != std::string::npos);
  CHECK(reporter.fails(report_of("victim"))["code"] == "rate_limited");

  // Someone else may still report.
  reported.ok(report_of("grumbler"));

  // The admins see the quota and the other report, nothing more.
  Player warden = fx.registered("warden");
  const auto promoted =
      admin_tests::run_admin_tool({"db", "--data-dir", fx.server.data_dir().string(), "set-role", "warden", "admin"});
  INFO(promoted.out << promoted.err);
  REQUIRE(promoted.exit_code == 0);
  warden.connect();  // a role takes effect at the next login
  warden.login();
  const Json list = warden.ok({{"type", "admin.reports"}, {"limit", 100}});
  CHECK(list["reports"].size() == reports_per_hour + 1);
}
