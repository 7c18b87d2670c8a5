// Database commands as a new operator meets them: a data directory without
// a database is an error naming the path (nothing is created) except for
// `init` and `migrate --create`; an account is made with its role in one
// step; the account list; retire-inactive's dry run, its audit entries and
// the accounts it never touches.
#include <catch2/catch.hpp>

#include <filesystem>

#include "accounts/password_hash.hpp"
#include "db/migrations.hpp"
#include "tests/e2e/admin/admin_process.hpp"
#include "tests/e2e/admin/test_database.hpp"
#include "tests/support/temp_dir.hpp"

using namespace yunzi;
using admin_tests::contains;
using admin_tests::run_admin_tool;

namespace {

constexpr TimeMs day_ms = 24LL * 3600 * 1000;

TimeMs now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

struct EmptyDataDir {
  test_support::TempDir dir;
  std::filesystem::path file = dir.path() / "yunzi.sqlite3";

  admin_tests::AdminRun db(std::vector<std::string> args, std::string stdin_text = "") {
    args.insert(args.begin(), {"db", "--data-dir", dir.path().string()});
    return run_admin_tool(args, stdin_text);
  }
};

}  // namespace

TEST_CASE_METHOD(EmptyDataDir, "a data directory without a database is an error naming the path", "[admin][db]") {
  const std::vector<std::vector<std::string>> commands = {
      {"create-admin", "operator", "--password-stdin"},
      {"create-account", "gnugo", "--role", "bot", "--password-stdin"},
      {"set-role", "gnugo", "bot"},
      {"retire-inactive"},
      {"retire-inactive", "--dry-run"},
      {"users"},
      {"migrate"},
      {"backup", (dir.path() / "copy.sqlite3").string()},
  };
  for (const auto& args : commands) {
    INFO(args.front());
    const auto run = db(args, "a long enough password\n");
    CHECK(run.exit_code == 4);
    CHECK(contains(run.err, "no database at " + file.string()));
    CHECK(run.out.empty());
    CHECK_FALSE(std::filesystem::exists(file));
  }
  const auto elsewhere = run_admin_tool({"db", "--db", (dir.path() / "missing" / "x.sqlite3").string(), "users"});
  CHECK(elsewhere.exit_code == 4);
  CHECK(contains(elsewhere.err, "no directory " + (dir.path() / "missing").string()));
  CHECK(std::filesystem::is_empty(dir.path()));
}

TEST_CASE_METHOD(EmptyDataDir, "init and migrate --create make the database, init only once", "[admin][db]") {
  const int latest = static_cast<int>(db::embedded_migrations(db::Engine::sqlite).size());
  const auto made = db({"init"});
  INFO(made.err);
  REQUIRE(made.exit_code == 0);
  CHECK(made.out == "created the database " + file.string() + " at schema version " + std::to_string(latest) + "\n");
  const auto again = db({"init"});
  CHECK(again.exit_code == 4);
  CHECK(contains(again.err, file.string() + " already exists"));

  test_support::TempDir other;
  const auto other_file = other.path() / "yunzi.sqlite3";
  const auto created = run_admin_tool({"db", "--db", other_file.string(), "migrate", "--create"});
  INFO(created.err);
  REQUIRE(created.exit_code == 0);
  CHECK(contains(created.out, "schema version after: " + std::to_string(latest)));
  auto connection = admin_tests::open_test_database(other_file.string());
  CHECK(*db::schema_version(connection) == latest);
}

TEST_CASE_METHOD(EmptyDataDir, "create-account makes a bot's account with its role in one step", "[admin][db]") {
  REQUIRE(db({"init"}).exit_code == 0);
  const auto run =
      db({"create-account", "GnuGo", "--role", "bot", "--rank", "5k", "--password-stdin"}, "stones-and-sand\n");
  INFO(run.err);
  REQUIRE(run.exit_code == 0);
  CHECK(run.out == "created account GnuGo (5k) with role bot\n");
  {
    auto connection = admin_tests::open_test_database(file.string());
    const auto user = admin_tests::find_account(connection, "gnugo");
    REQUIRE(user);
    CHECK(user->role == Role::bot);
    CHECK(accounts::verify_password(user->password_hash, "stones-and-sand"));
    const auto audit = admin_tests::audit_rows(connection);
    REQUIRE(audit.size() == 1);
    CHECK(audit[0].action == "db create-account");
    CHECK_FALSE(audit[0].actor_id.has_value());
    CHECK(contains(audit[0].actor_name, "local operator"));
    CHECK(audit[0].target_user_id == user->id);
    CHECK(audit[0].detail == "account created with role bot");
  }
  const auto taken = db({"create-account", "gnugo", "--role", "user", "--password-stdin"}, "another password\n");
  CHECK(taken.exit_code == 4);
  CHECK(contains(taken.err, "the name 'GnuGo' is taken"));
  CHECK(db({"create-account", "x", "--role", "robot", "--password-stdin"}, "long enough pw\n").exit_code == 2);
  CHECK(db({"create-account", "someone", "--role", "bot"}).exit_code == 2);
}

TEST_CASE_METHOD(EmptyDataDir, "users lists, searches and pages the accounts", "[admin][db]") {
  REQUIRE(db({"init"}).exit_code == 0);
  const TimeMs now = now_ms();
  {
    auto connection = admin_tests::open_test_database(file.string());
    admin_tests::add_account(connection, "alice", Role::user, now - 10 * day_ms, 1'700'000'000'000);
    admin_tests::add_account(connection, "gnugo", Role::bot);
    admin_tests::add_account(connection, "gnugo_fast", Role::bot);
    admin_tests::add_account(connection, "root", Role::admin);
  }
  const auto all = db({"users"});
  INFO(all.err);
  REQUIRE(all.exit_code == 0);
  CHECK(contains(all.out, "name        rank  role   last login            status"));
  CHECK(contains(all.out, "alice       9k    user   2023-11-14 22:13 UTC  active"));
  CHECK(contains(all.out, "root        9k    admin  never                 active"));
  CHECK_FALSE(contains(all.out, "more:"));

  const auto bots = db({"users", "--search", "GNU", "--limit", "1"});
  REQUIRE(bots.exit_code == 0);
  CHECK(contains(bots.out, "gnugo "));
  CHECK_FALSE(contains(bots.out, "gnugo_fast"));
  CHECK(contains(bots.out, "more: users --page 2"));
  const auto second = db({"users", "--search", "GNU", "--limit", "1", "--page", "2"});
  CHECK(contains(second.out, "gnugo_fast"));
  CHECK_FALSE(contains(second.out, "more:"));  // the last page says so by saying nothing
  const auto admins = db({"users", "--role", "admin"});
  CHECK(contains(admins.out, "root"));
  CHECK_FALSE(contains(admins.out, "alice"));
  CHECK(db({"users", "--search", "nobody"}).out == "(no accounts match)\n");
  CHECK(db({"users", "--role", "robot"}).exit_code == 2);
}

TEST_CASE_METHOD(EmptyDataDir, "retire-inactive: dry run, audit entries, and admins and bots kept", "[admin][db]") {
  REQUIRE(db({"init"}).exit_code == 0);
  const TimeMs long_ago = now_ms() - 400 * day_ms;
  {
    auto connection = admin_tests::open_test_database(file.string());
    admin_tests::add_account(connection, "sleeper", Role::user, long_ago, long_ago);
    admin_tests::add_account(connection, "old_admin", Role::admin, long_ago);
    admin_tests::add_account(connection, "old_bot", Role::bot, long_ago);
  }
  const auto dry = db({"retire-inactive", "--days", "365", "--dry-run"});
  INFO(dry.err);
  REQUIRE(dry.exit_code == 0);
  CHECK(contains(dry.out, "would retire 1 account (dry run: nothing changed)\n  sleeper (no login since "));
  {
    auto connection = admin_tests::open_test_database(file.string());
    CHECK_FALSE(admin_tests::find_account(connection, "sleeper")->closed);
    CHECK(admin_tests::audit_rows(connection).empty());
  }
  const auto run = db({"retire-inactive", "--days", "365"});
  INFO(run.err);
  REQUIRE(run.exit_code == 0);
  CHECK(contains(run.out, "retired 1 account\n  sleeper (no login since "));
  auto connection = admin_tests::open_test_database(file.string());
  CHECK(admin_tests::find_account(connection, "sleeper")->closed);
  CHECK_FALSE(admin_tests::find_account(connection, "old_admin")->closed);
  CHECK_FALSE(admin_tests::find_account(connection, "old_bot")->closed);
  const auto audit = admin_tests::audit_rows(connection);
  REQUIRE(audit.size() == 1);
  CHECK(audit[0].action == "db retire-inactive");
  CHECK(audit[0].target_user_id == admin_tests::find_account(connection, "sleeper")->id);
  CHECK_FALSE(audit[0].actor_id.has_value());
  CHECK(audit[0].reason == "no login for 365 days");
  CHECK(contains(audit[0].detail, "no login since "));
}
