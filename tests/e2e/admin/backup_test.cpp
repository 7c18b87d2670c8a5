// `yunzi-admin db backup` while a writer thread commits continuously: the
// copy must open, pass PRAGMA integrity_check and hold every row committed
// before the backup began, as a gap-free prefix of what was written.
#include <catch2/catch.hpp>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <thread>

#include "db/database.hpp"
#include "db/writer.hpp"
#include "tests/e2e/admin/admin_process.hpp"
#include "tests/e2e/admin/test_database.hpp"
#include "tests/support/temp_dir.hpp"
#include "tools/yunzi-admin/db_backup.hpp"

using namespace yunzi;
using admin_tests::run_admin_tool;

namespace {

constexpr int prefilled_accounts = 3000;

db::Writer::Work create_account(const std::string& name, std::size_t hash_bytes) {
  return [=](db::Stores& stores) -> db::DbResult<Done> {
    db::NewUser user{name, name, std::string(hash_bytes, 'h'), Rank::kyu(9), Role::user, 1'700'000'000'000};
    auto created = stores.users().create(user);
    if (!created) return unexpected(created.error());
    return Done{};
  };
}

// Runs until stopped, one account "liveN" per commit; `committed` is the
// highest N whose commit completed.
class ContinuousWrites {
 public:
  explicit ContinuousWrites(db::Writer& writer) : writer_(writer), thread_([this] { run(); }) {}
  ~ContinuousWrites() { stop(); }
  void stop() {
    stop_ = true;
    if (thread_.joinable()) thread_.join();
  }
  int committed() const { return committed_.load(); }

 private:
  void run() {
    for (int n = 1; !stop_; ++n) {
      writer_.submit(create_account("live" + std::to_string(n), 200), [this, n](db::DbResult<Done> result) {
        if (result) committed_.store(n);
      });
      std::this_thread::sleep_for(std::chrono::microseconds(300));
    }
  }

  db::Writer& writer_;
  std::atomic<bool> stop_{false};
  std::atomic<int> committed_{0};
  std::thread thread_;
};

struct CopyContents {
  std::int64_t live_count = 0;
  std::int64_t live_highest = 0;
  std::int64_t prefilled = 0;
};

CopyContents read_copy(const std::string& path) {
  auto connection = db::open_reader(path);
  REQUIRE(connection);
  auto query = connection->query(
      "SELECT COUNT(*), COALESCE(MAX(CAST(substr(name_key, 5) AS INTEGER)), 0) FROM users WHERE name_key LIKE 'live%'");
  REQUIRE(query);
  REQUIRE(*query->step());
  CopyContents contents{query->row().integer(0), query->row().integer(1), 0};
  auto prefilled = connection->query("SELECT COUNT(*) FROM users WHERE name_key LIKE 'pre%'");
  REQUIRE(prefilled);
  REQUIRE(*prefilled->step());
  contents.prefilled = prefilled->row().integer(0);
  return contents;
}

void prefill(db::Writer& writer) {
  std::atomic<int> done{0};
  std::atomic<int> failed{0};
  for (int i = 0; i < prefilled_accounts; ++i) {
    writer.submit(create_account("pre" + std::to_string(i), 1000), [&](db::DbResult<Done> r) {
      if (!r) ++failed;
      ++done;
    });
  }
  while (done.load() < prefilled_accounts) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  REQUIRE(failed.load() == 0);
}

}  // namespace

TEST_CASE("backup while the writer commits yields a consistent, complete copy", "[admin][db][backup]") {
  test_support::TempDir dir;
  const std::string source = (dir.path() / "yunzi.sqlite3").string();
  const std::string copy = (dir.path() / "copy.sqlite3").string();
  auto connection = db::open_database(source);
  REQUIRE(connection);
  db::Writer writer(std::move(*connection));
  prefill(writer);

  ContinuousWrites writes(writer);
  while (writes.committed() < 50) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  const int committed_before = writes.committed();
  const auto run = run_admin_tool({"db", "--db", source, "backup", copy});
  const int committed_after = writes.committed();
  writes.stop();
  writer.shutdown();

  INFO(run.out << run.err);
  REQUIRE(run.exit_code == 0);
  CHECK(run.out.find("integrity_check ok") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(copy + ".partial"));
  CHECK(committed_after > committed_before);  // the writer really wrote during the backup

  auto integrity = admin::integrity_check(copy);
  REQUIRE(integrity);
  CHECK(*integrity == "ok");
  const CopyContents contents = read_copy(copy);
  CHECK(contents.prefilled == prefilled_accounts);
  CHECK(contents.live_count >= committed_before);
  CHECK(contents.live_count == contents.live_highest);  // live1..liveN, no gap
  CHECK(contents.live_count <= writes.committed());
}

TEST_CASE("backup in small chunks under heavy writing falls back to one step and finishes", "[admin][db][backup]") {
  test_support::TempDir dir;
  const std::string source = (dir.path() / "yunzi.sqlite3").string();
  const std::string copy = (dir.path() / "copy.sqlite3").string();
  auto connection = db::open_database(source);
  REQUIRE(connection);
  db::Writer writer(std::move(*connection));
  prefill(writer);
  ContinuousWrites writes(writer);
  while (writes.committed() < 20) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  const int committed_before = writes.committed();

  admin::BackupOptions options;
  options.pages_per_step = 8;
  options.pause_between_steps = std::chrono::milliseconds(20);
  auto outcome = admin::backup_database(source, copy, options);
  writes.stop();
  writer.shutdown();

  REQUIRE(outcome);
  CHECK(outcome->restarts >= options.restarts_before_single_step);
  CHECK(outcome->integrity == "ok");
  const CopyContents contents = read_copy(copy);
  CHECK(contents.prefilled == prefilled_accounts);
  CHECK(contents.live_count >= committed_before);
  CHECK(contents.live_count == contents.live_highest);
}

TEST_CASE("backup refuses to overwrite a file or to copy a missing one", "[admin][db][backup]") {
  test_support::TempDir dir;
  const std::string source = (dir.path() / "yunzi.sqlite3").string();
  const std::string copy = (dir.path() / "copy.sqlite3").string();

  const auto missing = run_admin_tool({"db", "--db", source, "backup", copy});
  CHECK(missing.exit_code == 4);
  CHECK_FALSE(std::filesystem::exists(copy));
  CHECK_FALSE(std::filesystem::exists(source));

  { auto connection = admin_tests::open_test_database(source); }
  { std::ofstream(copy) << "keep me"; }
  const auto exists = run_admin_tool({"db", "--db", source, "backup", copy});
  CHECK(exists.exit_code == 4);
  CHECK(exists.err.find("already exists") != std::string::npos);
  std::ifstream in(copy);
  CHECK(std::string(std::istreambuf_iterator<char>(in), {}) == "keep me");
}
