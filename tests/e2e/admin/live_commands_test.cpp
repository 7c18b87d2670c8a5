// yunzi-admin against the real yunzi-server: the first admin is made with
// `db create-admin` on the server's new data directory, then the tool logs in
// over a real socket and sends admin.* requests; users are real WebSocket
// clients that see the effects.
#include <catch2/catch.hpp>

#include "tests/e2e/admin/live_fixture.hpp"

using namespace yunzi;
using namespace yunzi::admin_tests;

TEST_CASE_METHOD(LiveFixture, "the first admin logs in and a broadcast reaches a connected user as a notice",
                 "[admin][live]") {
  auto bob = registered("bob");
  const auto run = as_root({"broadcast", "Restart at 22:00 UTC"});
  INFO(run.err);
  REQUIRE(run.exit_code == 0);
  CHECK(contains(run.out, "notice sent"));
  auto notice = bob->wait_for_event("notice", event_wait);
  REQUIRE(notice);
  CHECK((*notice)["text"] == "Restart at 22:00 UTC");
}

TEST_CASE_METHOD(LiveFixture, "a non-admin is refused with forbidden and exit code 1", "[admin][live]") {
  auto bob = registered("bob");
  const auto run = as("bob", "bob password", {"kick", "root", "--reason", "coup"});
  CHECK(run.exit_code == 1);
  CHECK(contains(run.err, "forbidden"));
  CHECK(run.out.empty());
}

TEST_CASE_METHOD(LiveFixture, "a refused login or an unreachable server gives exit code 3", "[admin][live]") {
  const auto wrong = as("root", "not the password", {"broadcast", "hi"});
  CHECK(wrong.exit_code == 3);
  CHECK(contains(wrong.err, "bad_credentials"));

  const auto from_env = run_admin_tool(
      {"--server", address(), "--user", "root", "broadcast", "hi"},
      admin_tests::AdminRunOptions{"", {{"YUNZI_ADMIN_PASSWORD", root_password}}, std::chrono::seconds(60)});
  CHECK(from_env.exit_code == 0);

  const std::uint16_t port = server.port();
  REQUIRE(server.stop());
  const auto gone = run_admin_tool(
      {"--server", "127.0.0.1:" + std::to_string(port), "--user", "root", "--password-stdin", "broadcast", "hi"},
      std::string(root_password) + "\n");
  CHECK(gone.exit_code == 3);
  CHECK(contains(gone.err, "cannot connect"));
}

TEST_CASE_METHOD(LiveFixture, "create-admin on the file of a running server promotes an account", "[admin][live]") {
  auto carol = registered("carol");
  CHECK(as("carol", "carol password", {"broadcast", "hello"}).exit_code == 1);
  const auto promoted = db({"create-admin", "carol"});
  INFO(promoted.err);
  REQUIRE(promoted.exit_code == 0);
  const auto run = as("carol", "carol password", {"broadcast", "hello from carol"});
  INFO(run.err);
  CHECK(run.exit_code == 0);
  auto notice = carol->wait_for_event("notice", event_wait);
  REQUIRE(notice);
  CHECK((*notice)["text"] == "hello from carol");
}

TEST_CASE_METHOD(LiveFixture, "moderation commands act on users and page through the audit log", "[admin][live]") {
  auto mallory = registered("mallory");
  auto bob = registered("bob");

  REQUIRE(as_root({"kick", "mallory", "--reason", "stalling"}).exit_code == 0);
  auto kicked = mallory->wait_for_event("kicked", event_wait);
  REQUIRE(kicked);
  CHECK((*kicked)["reason"] == "stalling");

  const auto ban = as_root({"ban", "mallory", "--minutes", "60", "--reason", "abuse in chat"});
  INFO(ban.err);
  REQUIRE(ban.exit_code == 0);
  CHECK(contains(ban.out, "banned mallory for 60 minutes"));
  CHECK(login("mallory")["code"] == "banned");
  REQUIRE(as_root({"unban", "mallory", "--reason", "appeal accepted"}).exit_code == 0);
  CHECK(login("mallory")["type"] == "ok");

  CHECK(as_root({"mute", "mallory", "--minutes", "30", "--reason", "spam"}).exit_code == 0);

  auto watcher = registered("mallory2");
  const auto set_rank = as_root({"set-rank", "mallory2", "3D", "--reason", "verified"});
  INFO(set_rank.err);
  REQUIRE(set_rank.exit_code == 0);
  auto change = watcher->wait_for_event("rank.change", event_wait);
  REQUIRE(change);
  CHECK((*change)["to"] == "3d");

  const auto ghost = as_root({"ban", "ghost", "--reason", "x"});
  CHECK(ghost.exit_code == 1);
  CHECK(contains(ghost.err, "not_found"));

  auto reported = bob->request({{"type", "report"}, {"user", "mallory"}, {"reason", "stalls in lost positions"}});
  REQUIRE(reported);
  REQUIRE((*reported)["type"] == "ok");
  const auto reports = as_root({"reports"});
  INFO(reports.err);
  REQUIRE(reports.exit_code == 0);
  CHECK(contains(reports.out, "reporter"));
  CHECK(contains(reports.out, "stalls in lost positions"));

  const auto newest = as_root({"audit", "--limit", "2"});
  INFO(newest.err);
  REQUIRE(newest.exit_code == 0);
  CHECK(contains(newest.out, "admin.set_rank"));
  CHECK(contains(newest.out, "admin.mute"));
  CHECK_FALSE(contains(newest.out, "admin.kick"));
  const auto more = newest.out.find("older entries: audit --before ");
  REQUIRE(more != std::string::npos);
  const std::string before = newest.out.substr(more + 30, newest.out.find('\n', more) - more - 30);
  const auto older = as_root({"audit", "--before", before, "--limit", "100"});
  INFO(older.err);
  REQUIRE(older.exit_code == 0);
  for (const char* action : {"admin.unban", "admin.ban", "admin.kick", "db create-admin"}) {
    CHECK(contains(older.out, action));
  }
  CHECK_FALSE(contains(older.out, "admin.set_rank"));
  CHECK_FALSE(contains(older.out, "older entries"));
}

TEST_CASE_METHOD(LiveFixture, "annul of an unknown game is refused with exit code 1", "[admin][live]") {
  const auto run = as_root({"annul", "999999", "--reason", "sandbagging"});
  CHECK(run.exit_code == 1);
  CHECK(contains(run.err, "the server refused admin.annul"));
}
