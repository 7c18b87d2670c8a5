// Real SQLite files in a fresh temporary directory per test, removed after:
// the fixture of the store tests, shared with the suites above the store
// (accounts, game rooms, rank keeping) that need a migrated database.
#pragma once

#include <string>

#include "db/database.hpp"
#include "db/records.hpp"
#include "db/sqlite_stores.hpp"
#include "tests/support/temp_dir.hpp"

namespace yunzi::db::testing {

using test_support::TempDir;

// Opens the file the server's way (created and migrated), or fails the running test.
Connection open_migrated(const std::string& path);

// A migrated database in its own directory.
class TempDatabase {
 public:
  TempDatabase();
  Connection& connection() { return connection_; }
  SqliteStores& stores() { return stores_; }
  const std::string& path() const { return path_; }

 private:
  TempDir dir_{"yunzi-db"};
  std::string path_;
  Connection connection_;
  SqliteStores stores_;
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
