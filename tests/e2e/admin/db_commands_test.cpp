// The `yunzi-admin db ...` commands run as a real process on real database
// files in a fresh temporary directory.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "accounts/password_hash.hpp"
#include "db/migrations.hpp"
#include "tests/e2e/admin/admin_process.hpp"
#include "tests/e2e/admin/test_database.hpp"
#include "tests/support/temp_dir.hpp"

using namespace yunzi;
using admin_tests::run_admin_tool;

namespace {

// A fresh database made the way an operator makes one: `db init`.
struct DbFixture {
  test_support::TempDir dir;
  std::string path = (dir.path() / "yunzi.sqlite3").string();

  DbFixture() {
    const auto made = db({"init"});
    INFO(made.err);
    REQUIRE(made.exit_code == 0);
  }

  admin_tests::AdminRun db(std::vector<std::string> args, std::string stdin_text = "") {
    args.insert(args.begin(), {"db", "--db", path});
    return run_admin_tool(args, stdin_text);
  }
};

bool is_operator(const db::AuditEntry& entry) {
  return !entry.actor_id && entry.actor_name.find("local operator") != std::string::npos;
}

constexpr TimeMs day_ms = 24LL * 3600 * 1000;

}  // namespace

TEST_CASE_METHOD(DbFixture, "create-admin with --password-stdin creates an admin that can log in and audits it",
                 "[admin][db]") {
  const auto run = db({"create-admin", "Root_1", "--password-stdin", "--rank", "3d"}, "correct horse battery\n");
  INFO(run.err);
  REQUIRE(run.exit_code == 0);
  CHECK(run.out.find("created account Root_1 (3d) with role admin") != std::string::npos);

  auto connection = admin_tests::open_test_database(path);
  const auto user = admin_tests::find_account(connection, "root_1");
  REQUIRE(user);
  CHECK(user->name == "Root_1");
  CHECK(user->role == Role::admin);
  CHECK(user->rank == Rank::dan(3));
  CHECK(accounts::verify_password(user->password_hash, "correct horse battery"));
  CHECK_FALSE(accounts::verify_password(user->password_hash, "wrong password"));

  const auto audit = admin_tests::audit_rows(connection);
  REQUIRE(audit.size() == 1);
  CHECK(audit[0].action == "db create-admin");
  // Done at the machine: the operator is named, not the account made.
  CHECK(is_operator(audit[0]));
  CHECK(audit[0].target_user_id == user->id);
  CHECK(audit[0].detail == "account created with role admin");
}

TEST_CASE_METHOD(DbFixture, "create-admin promotes an existing account and keeps its password", "[admin][db]") {
  db::UserRecord before;
  {
    auto connection = admin_tests::open_test_database(path);
    before = admin_tests::add_account(connection, "alice");
  }
  const auto run = db({"create-admin", "ALICE"});
  INFO(run.err);
  REQUIRE(run.exit_code == 0);
  CHECK(run.out.find("alice: role user -> admin") != std::string::npos);

  auto connection = admin_tests::open_test_database(path);
  const auto after = admin_tests::find_account(connection, "alice");
  REQUIRE(after);
  CHECK(after->id == before.id);
  CHECK(after->role == Role::admin);
  CHECK(after->password_hash == before.password_hash);
  const auto audit = admin_tests::audit_rows(connection);
  REQUIRE(audit.size() == 1);
  CHECK(audit[0].action == "db create-admin");
  CHECK(audit[0].detail == "user -> admin");
  CHECK(is_operator(audit[0]));
  CHECK(audit[0].target_user_id == before.id);
}

TEST_CASE_METHOD(DbFixture, "create-admin refuses what it cannot do and changes nothing", "[admin][db]") {
  SECTION("an unknown account without a password") {
    const auto run = db({"create-admin", "nobody"});
    CHECK(run.exit_code == 4);
    CHECK(run.err.find("--password-stdin") != std::string::npos);
  }
  SECTION("a name the server would not accept") {
    const auto run = db({"create-admin", "x y", "--password-stdin"}, "long enough password\n");
    CHECK(run.exit_code == 2);
    CHECK(run.err.find("bad account name") != std::string::npos);
  }
  SECTION("a password shorter than the server's rule") {
    const auto run = db({"create-admin", "rooty", "--password-stdin"}, "short\n");
    CHECK(run.exit_code == 2);
  }
  SECTION("no password on standard input") {
    const auto run = db({"create-admin", "rooty", "--password-stdin"});
    CHECK(run.exit_code == 2);
    CHECK(run.err.find("no password") != std::string::npos);
  }
  SECTION("a retired name") {
    {
      auto connection = admin_tests::open_test_database(path);
      admin_tests::add_account(connection, "oldie", Role::user, 1);
    }
    REQUIRE(db({"retire-inactive"}).exit_code == 0);
    const auto run = db({"create-admin", "oldie"});
    CHECK(run.exit_code == 4);
    CHECK(run.err.find("closed") != std::string::npos);
  }
  auto connection = admin_tests::open_test_database(path);
  // Only the retirement of the retired name's account is on record.
  for (const auto& entry : admin_tests::audit_rows(connection)) CHECK(entry.action == "db retire-inactive");
  CHECK_FALSE(admin_tests::find_account(connection, "nobody"));
  CHECK_FALSE(admin_tests::find_account(connection, "rooty"));
}

TEST_CASE_METHOD(DbFixture, "set-role gives a bot account its role and audits it", "[admin][db]") {
  {
    auto connection = admin_tests::open_test_database(path);
    admin_tests::add_account(connection, "gnugo");
  }
  const auto run = db({"set-role", "gnugo", "bot"});
  INFO(run.err);
  REQUIRE(run.exit_code == 0);
  CHECK(run.out.find("gnugo: role user -> bot") != std::string::npos);
  {
    auto connection = admin_tests::open_test_database(path);
    CHECK(admin_tests::find_account(connection, "gnugo")->role == Role::bot);
    const auto audit = admin_tests::audit_rows(connection);
    REQUIRE(audit.size() == 1);
    CHECK(audit[0].action == "db set-role");
    CHECK(audit[0].detail == "user -> bot");
    CHECK(is_operator(audit[0]));
  }
  CHECK(db({"set-role", "gnugo", "robot"}).exit_code == 2);
  CHECK(db({"set-role", "gnugo"}).exit_code == 2);
  const auto unknown = db({"set-role", "ghost", "admin"});
  CHECK(unknown.exit_code == 4);
  CHECK(unknown.err.find("no account named 'ghost'") != std::string::npos);
}

TEST_CASE_METHOD(DbFixture, "migrate makes a missing file only when told to, at the current schema", "[admin][db]") {
  const int latest = static_cast<int>(db::embedded_migrations(db::Engine::sqlite).size());
  std::filesystem::remove(path);
  const auto refused = db({"migrate"});
  CHECK(refused.exit_code == 4);
  CHECK(refused.err.find(path) != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(path));
  const auto first = db({"migrate", "--create"});
  INFO(first.err);
  REQUIRE(first.exit_code == 0);
  CHECK(first.out.find("schema version after: " + std::to_string(latest)) != std::string::npos);
  {
    auto connection = admin_tests::open_test_database(path);
    CHECK(*db::schema_version(connection) == latest);
  }
  const auto again = db({"migrate"});
  REQUIRE(again.exit_code == 0);
  CHECK(again.out.find("nothing to migrate") != std::string::npos);
}

TEST_CASE_METHOD(DbFixture, "a file that is not a database gives exit code 4 and stays as it was", "[admin][db]") {
  const std::string garbage(4096, 'x');
  { std::ofstream(path, std::ios::binary) << garbage; }
  for (const auto& args :
       std::vector<std::vector<std::string>>{{"migrate"}, {"create-admin", "root"}, {"retire-inactive"}}) {
    const auto run = db(args);
    CHECK(run.exit_code == 4);
    CHECK(run.err.find("database error (corrupt)") != std::string::npos);
  }
  std::ifstream in(path, std::ios::binary);
  CHECK(std::string(std::istreambuf_iterator<char>(in), {}) == garbage);
}

TEST_CASE_METHOD(DbFixture, "an empty file is refused like a corrupt one by every db command, and stays empty",
                 "[admin][db]") {
  { std::ofstream touch(path, std::ios::binary); }
  const std::string backup = (dir.path() / "backup.sqlite3").string();
  for (const auto& args : std::vector<std::vector<std::string>>{{"migrate"},
                                                                {"create-admin", "root"},
                                                                {"set-role", "root", "admin"},
                                                                {"retire-inactive"},
                                                                {"backup", backup}}) {
    const auto run = db(args);
    INFO(args[0] << ": " << run.err);
    CHECK(run.exit_code == 4);
    CHECK(run.err.find("database error (corrupt)") != std::string::npos);
    CHECK(run.err.find("is an empty file") != std::string::npos);
  }
  CHECK(std::filesystem::file_size(path) == 0);
  for (const char* companion : {"-wal", "-shm", "-journal"}) CHECK_FALSE(std::filesystem::exists(path + companion));
  CHECK_FALSE(std::filesystem::exists(backup));
}

TEST_CASE_METHOD(DbFixture, "retire-inactive closes idle accounts and names them", "[admin][db]") {
  const TimeMs now =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
          .count();
  {
    auto connection = admin_tests::open_test_database(path);
    admin_tests::add_account(connection, "sleeper", Role::user, now - 400 * day_ms);
    admin_tests::add_account(connection, "returner", Role::user, now - 400 * day_ms, now - 5 * day_ms);
    admin_tests::add_account(connection, "newcomer", Role::user, now - 2 * day_ms);
  }
  const auto run = db({"retire-inactive", "--days", "365"});
  INFO(run.err);
  REQUIRE(run.exit_code == 0);
  CHECK(run.out.find("retired 1 account\n  sleeper (never logged in (created ") != std::string::npos);
  auto connection = admin_tests::open_test_database(path);
  CHECK(admin_tests::find_account(connection, "sleeper")->closed);
  CHECK_FALSE(admin_tests::find_account(connection, "returner")->closed);
  CHECK_FALSE(admin_tests::find_account(connection, "newcomer")->closed);
  CHECK(db({"retire-inactive", "--days", "0"}).exit_code == 2);
  CHECK(db({"retire-inactive", "--days", "ten"}).exit_code == 2);
}

TEST_CASE_METHOD(DbFixture, "--data-dir finds the server's file", "[admin][db]") {
  const auto run = run_admin_tool({"db", "--data-dir", dir.path().string(), "create-admin", "root", "--password-stdin"},
                                  std::string("a long enough password\n"));
  INFO(run.err);
  REQUIRE(run.exit_code == 0);
  auto connection = admin_tests::open_test_database(path);
  CHECK(admin_tests::find_account(connection, "root"));
}

TEST_CASE("the command line is checked before anything is touched", "[admin][usage]") {
  test_support::TempDir dir;
  const std::string path = (dir.path() / "x.sqlite3").string();
  const std::vector<std::vector<std::string>> bad = {
      {},
      {"db"},
      {"db", "--db", path, "frobnicate"},
      {"db", "migrate"},
      {"db", "--db", path, "--data-dir", dir.path().string(), "migrate"},
      {"db", "--db", path, "migrate", "--reason", "x"},
      {"db", "--db", path, "backup"},
      {"db", "--db", path, "--bogus", "migrate"},
      {"db", "--db"},
      {"--server", "127.0.0.1:1", "--user", "root", "ban", "bob"},
      {"--server", "127.0.0.1:1", "--user", "root", "frobnicate"},
      {"--server", "localhost", "--user", "root", "broadcast", "hi"},
      {"--server", "127.0.0.1:1", "broadcast", "hi"},
      {"--server", "127.0.0.1:1", "--user", "root", "mute", "bob", "--reason", "x"},
      {"--server", "127.0.0.1:1", "--user", "root", "mute", "bob", "--minutes", "0", "--reason", "x"},
      {"--server", "127.0.0.1:1", "--user", "root", "set-rank", "bob", "10p", "--reason", "x"},
      {"--server", "127.0.0.1:1", "--user", "root", "annul", "-3", "--reason", "x"},
      {"--server", "127.0.0.1:1", "--user", "root", "audit", "--limit", "101"},
  };
  for (const auto& args : bad) {
    const auto run = run_admin_tool(args, std::string("secret-password\n"));
    INFO(run.err);
    CHECK(run.exit_code == 2);
    CHECK_FALSE(run.err.empty());
  }
  CHECK_FALSE(std::filesystem::exists(path));
  const auto help = run_admin_tool({"--help"});
  CHECK(help.exit_code == 0);
  CHECK(help.out.find("create-admin NAME") != std::string::npos);
  CHECK(help.out.find("ban NAME --reason X [--minutes X]") != std::string::npos);
}
