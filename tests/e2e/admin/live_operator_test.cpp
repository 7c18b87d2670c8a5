// Server commands as an operator reads them: sanction lengths in the audit
// log and its detail column, messages that say what happened (an unban of
// someone not banned, one minute), --server as a URL, reports closed with a
// note, and retire-inactive on the running server, which disconnects the
// retired players who are online and leaves admins and bots alone.
#include <catch2/catch.hpp>

#include "tests/e2e/admin/live_fixture.hpp"
#include "tests/e2e/admin/test_database.hpp"

using namespace yunzi;
using namespace yunzi::admin_tests;

namespace {

constexpr TimeMs day_ms = 24LL * 3600 * 1000;

// The audit table's line for an action (the newest such line).
std::string audit_line(const std::string& table, const std::string& action) {
  const auto at = table.find("  " + action + "  ");
  if (at == std::string::npos) return "";
  const auto start = table.rfind('\n', at) + 1;
  return table.substr(start, table.find('\n', at) - start);
}

}  // namespace

TEST_CASE_METHOD(LiveFixture, "ban and mute lengths are in the audit log and its detail column", "[admin][live]") {
  auto mallory = registered("mallory");
  const auto ban = as_root({"ban", "mallory", "--minutes", "1", "--reason", "flooding"});
  INFO(ban.err);
  REQUIRE(ban.exit_code == 0);
  CHECK(ban.out == "banned mallory for 1 minute (reason: flooding)\n");
  const Json refused = login("mallory");
  CHECK(refused["code"] == "banned");
  // The end of the ban as a date and time, and as a number a client can show in its own language.
  CHECK(contains(refused["message"].get<std::string>(), " UTC"));
  CHECK_FALSE(contains(refused["message"].get<std::string>(), "Unix ms"));
  CHECK(refused["until"].is_number_integer());

  const auto mute = as_root({"mute", "mallory", "--minutes", "90", "--reason", "spam"});
  REQUIRE(mute.exit_code == 0);
  CHECK(mute.out == "muted mallory for 90 minutes (reason: spam)\n");
  const auto forever = as_root({"ban", "mallory", "--reason", "again"});
  REQUIRE(forever.exit_code == 0);

  const auto audit = as_root({"audit", "--limit", "5"});
  INFO(audit.out);
  REQUIRE(audit.exit_code == 0);
  CHECK(contains(audit.out.substr(0, audit.out.find('\n')), "detail"));
  CHECK(contains(audit_line(audit.out, "admin.mute"), "90 minutes, until "));
  CHECK(contains(audit_line(audit.out, "admin.ban"), "permanent"));
  CHECK(contains(audit.out, "1 minute, until "));
  // create-admin was done at the machine: the operator is named, not root.
  const auto first = as_root({"audit", "--limit", "100"});
  const std::string created = audit_line(first.out, "db create-admin");
  CHECK(contains(created, "local operator"));
  CHECK(contains(created, "account created with role admin"));
}

TEST_CASE_METHOD(LiveFixture, "unbanning someone who is not banned says so", "[admin][live]") {
  auto bob = registered("bob");
  const auto run = as_root({"unban", "bob", "--reason", "appeal"});
  CHECK(run.exit_code == 1);
  CHECK(run.err == "yunzi-admin: the server refused admin.unban: conflict: bob is not banned\n");
  CHECK(run.out.empty());
}

TEST_CASE_METHOD(LiveFixture, "an unknown option is one line, not the whole usage", "[admin][live]") {
  const auto run = as_root({"broadcast", "hi", "--minuts", "5"});
  CHECK(run.exit_code == 2);
  CHECK(run.err == "yunzi-admin: unknown option --minuts\n(yunzi-admin --help lists the commands)\n");
}

TEST_CASE_METHOD(LiveFixture, "--server takes the page's or the socket's URL as well as HOST:PORT", "[admin][live]") {
  const std::string port = std::to_string(server.port());
  for (const std::string& form : {"http://127.0.0.1:" + port, "http://127.0.0.1:" + port + "/",
                                  "ws://127.0.0.1:" + port + "/ws", "[::ffff:127.0.0.1]:" + port}) {
    INFO(form);
    const auto run = run_admin_tool({"--server", form, "--user", "root", "--password-stdin", "broadcast", "hello"},
                                    std::string(root_password) + "\n");
    INFO(run.err);
    CHECK(run.exit_code == 0);
  }
  const auto tls =
      run_admin_tool({"--server", "https://go.example.org", "--user", "root", "--password-stdin", "broadcast", "hello"},
                     std::string(root_password) + "\n");
  CHECK(tls.exit_code == 2);
  CHECK(contains(tls.err, "does not speak TLS"));
  const auto wrong_path = run_admin_tool(
      {"--server", "ws://127.0.0.1:" + port + "/socket", "--user", "root", "--password-stdin", "broadcast", "hello"},
      std::string(root_password) + "\n");
  CHECK(wrong_path.exit_code == 3);
}

TEST_CASE_METHOD(LiveFixture, "reports are resolved or dismissed with a note", "[admin][live]") {
  auto bob = registered("bob");
  auto carol = registered("carol");
  for (const char* reason : {"stalls in lost positions", "rude in chat"}) {
    auto reported = bob->request({{"type", "report"}, {"user", "carol"}, {"reason", reason}});
    REQUIRE(reported);
    REQUIRE((*reported)["type"] == "ok");
  }
  const auto open = as_root({"reports"});
  REQUIRE(open.exit_code == 0);
  const auto id_of = [&](const std::string& reason) {
    const auto at = open.out.find(reason);
    REQUIRE(at != std::string::npos);
    const auto start = open.out.rfind('\n', at) + 1;
    return open.out.substr(start, open.out.find(' ', start) - start);
  };
  const std::string stalling = id_of("stalls in lost positions");
  const std::string rude = id_of("rude in chat");

  const auto resolved = as_root({"resolve-report", stalling, "--note", "warned carol"});
  INFO(resolved.err);
  REQUIRE(resolved.exit_code == 0);
  CHECK(resolved.out == "report " + stalling + " resolved (note: warned carol)\n");
  const auto dismissed = as_root({"dismiss-report", rude, "--note", "the chat log shows nothing rude"});
  REQUIRE(dismissed.exit_code == 0);
  CHECK(as_root({"reports"}).out == "(no open reports)\n");
  const auto twice = as_root({"dismiss-report", rude, "--note", "again"});
  CHECK(twice.exit_code == 1);
  CHECK(contains(twice.err, "not_found"));
  CHECK(as_root({"resolve-report", rude}).exit_code == 2);

  const auto audit = as_root({"audit", "--limit", "2"});
  const std::string line = audit_line(audit.out, "admin.resolve_report");
  CHECK(contains(line, "carol"));
  CHECK(contains(line, "the chat log shows nothing rude"));
  CHECK(contains(line, "report " + rude + " dismissed"));
}

TEST_CASE_METHOD(LiveFixture, "retire-inactive on the server disconnects a retired player who is online",
                 "[admin][live]") {
  auto sleeper = registered("sleeper");
  auto active = registered("active");
  {
    // Long idle by the record, yet connected: a session that outlived its login.
    auto connection = open_server_database();
    const TimeMs long_ago = 1'600'000'000'000;
    REQUIRE(connection.execute("UPDATE users SET last_login_ms = ? WHERE name = 'sleeper'", long_ago));
    add_account(connection, "old_bot", Role::bot, long_ago);
    add_account(connection, "old_admin", Role::admin, long_ago);
  }
  const auto dry = as_root({"retire-inactive", "--days", "365", "--dry-run"});
  INFO(dry.err);
  REQUIRE(dry.exit_code == 0);
  CHECK(dry.out == "would retire 1 account (dry run: nothing changed)\n  sleeper\n");
  REQUIRE(sleeper->request({{"type", "ping"}}));

  const auto run = as_root({"retire-inactive", "--days", "365"});
  INFO(run.err);
  REQUIRE(run.exit_code == 0);
  CHECK(run.out == "retired 1 account\n  sleeper\n");
  auto kicked = sleeper->wait_for_event("kicked", event_wait);
  REQUIRE(kicked);
  CHECK(contains((*kicked)["reason"].get<std::string>(), "365 days without a login"));
  auto closed = sleeper->wait_closed(event_wait);
  REQUIRE(closed);
  CHECK(login("sleeper")["code"] == "bad_credentials");
  CHECK(login("active")["type"] == "ok");
  REQUIRE(active->request({{"type", "ping"}}));

  const auto audit = as_root({"audit", "--limit", "1"});
  const std::string line = audit_line(audit.out, "admin.retire_inactive");
  CHECK(contains(line, "root"));
  CHECK(contains(line, "sleeper"));
  CHECK(contains(line, "no login since 2020-09-13"));
  const auto users = db({"users", "--search", "old_"});
  CHECK(contains(users.out, "old_admin"));
  CHECK_FALSE(contains(users.out, "closed"));
}

TEST_CASE_METHOD(LiveFixture, "init refuses a database that has yunzi's tables, on either engine", "[admin][live]") {
  const auto again = db({"init"});
  CHECK(again.exit_code == 4);
  CHECK(contains(again.err, "already"));
  CHECK(contains(again.err, "db migrate"));
  // Nothing was touched: root still logs in and the database is current.
  const auto migrate = db({"migrate"});
  INFO(migrate.err);
  CHECK(migrate.exit_code == 0);
  CHECK(contains(migrate.out, "nothing to migrate"));
}
