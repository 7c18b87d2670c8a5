// A fresh, migrated database per test: a real SQLite file in a temporary
// directory, removed after, or, when YUNZI_TEST_POSTGRES names a PostgreSQL
// database (tests/support/with-postgres), a schema of its own there. The
// fixture of the store tests, shared with the suites above the store
// (accounts, game rooms, rank keeping) that need a migrated database.
#pragma once

#include <optional>
#include <string>

#include "db/database.hpp"
#include "db/records.hpp"
#include "db/sql_stores.hpp"
#include "tests/support/temp_dir.hpp"

namespace yunzi::db::testing {

using test_support::TempDir;

// Opens the file the server's way (created and migrated), or fails the running test.
Connection open_migrated(const std::string& path);
Connection open_migrated(const DatabaseTarget& target);

// A new database for one test: `dir`'s yunzi.db on SQLite, or a new schema
// of the YUNZI_TEST_POSTGRES database.
DatabaseTarget fresh_test_database(const TempDir& dir);
// A new schema of the PostgreSQL database at `server`, as a target whose
// connections work in it.
DatabaseTarget fresh_postgres_database(const std::string& server);
// YUNZI_TEST_POSTGRES, or nothing when the tests run on SQLite.
std::optional<std::string> test_postgres_server();

// A migrated database in its own directory.
class TempDatabase {
 public:
  TempDatabase();
  Connection& connection() { return connection_; }
  SqlStores& stores() { return stores_; }
  const DatabaseTarget& target() const { return target_; }

 private:
  TempDir dir_{"yunzi-db"};
  DatabaseTarget target_;
  Connection connection_;
  SqlStores stores_;
};

// The store tests' fixture (TEST_CASE_METHOD): a fresh database and its stores.
struct StoreTest {
  TempDatabase db;
  Stores& stores = db.stores();
};

// Ranks in the store tests are written as the stored index (15 = 4k).
Rank rank_at(int index);
NewUser sample_user(const std::string& name, int rank_index = 15);
UserRecord create_user(Stores& stores, const std::string& name, int rank_index = 15);
NewGame sample_game(UserId black, UserId white);
MoveRecord sample_move(int number, int x, int y);
// The result an SGF text such as "B+R" or "W+3.5" spells (which must be one).
GameResult result_of(const std::string& sgf);

}  // namespace yunzi::db::testing
