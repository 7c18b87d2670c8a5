// A database file emptied behind the server's back (truncated by a botched
// restore, replaced by `touch`) must not come back up as a new, empty
// database with every account gone and every name free: the server refuses
// it like a damaged file (exit code 3, the reason in its log, the file left
// as it was), and only a missing file starts a new database.
#include <catch2/catch.hpp>

#include <filesystem>

#include "tests/e2e/server/server_fixture.hpp"
#include "tests/e2e/server/server_logs.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

namespace fs = std::filesystem;

fs::path database_of(const ServerProcess& server) { return server.data_dir() / "yunzi.sqlite3"; }

}  // namespace

TEST_CASE("an emptied database file is refused at start, not taken for a new database", "[abuse][database]") {
  yunzi::test_support::TempDir dir;
  ServerProcess server(dir.path());
  REQUIRE(server.start().has_value());
  {
    Player alice(server.port(), "alice");
    alice.register_account();
  }
  stop_cleanly(server);
  const fs::path database = database_of(server);
  REQUIRE(fs::file_size(database) > 0);

  fs::resize_file(database, 0);
  for (const char* companion : {"-wal", "-shm"}) fs::remove(database.string() + companion);

  auto refused = server.start();
  REQUIRE_FALSE(refused);
  INFO(refused.error());
  CHECK(contains(refused.error(), "exit code 3"));
  CHECK(contains(server.log_text(), "is an empty file, not a yunzi database"));
  CHECK(fs::file_size(database) == 0);
  CHECK_FALSE(fs::exists(database.string() + "-wal"));
  CHECK_FALSE(fs::exists(database.string() + "-shm"));

  // Once the operator removes the file, the server starts on a new one.
  fs::remove(database);
  REQUIRE(server.start().has_value());
  Player newcomer(server.port(), "alice");
  newcomer.register_account();
  stop_cleanly(server);
  CHECK(fs::file_size(database) > 0);
}
