// Real SQLite files in a fresh temporary directory per test, removed after.
#pragma once

#include <filesystem>
#include <string>

#include "db/database.hpp"
#include "db/records.hpp"
#include "db/sqlite_stores.hpp"

namespace yunzi::db::testing {

class TempDir {
 public:
  TempDir();
  TempDir(const TempDir&) = delete;
  ~TempDir();
  const std::filesystem::path& path() const { return path_; }
  std::string file(const std::string& name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

// A migrated database in its own directory.
class TempDatabase {
 public:
  TempDatabase();
  Connection& connection() { return connection_; }
  SqliteStores& stores() { return stores_; }
  const std::string& path() const { return path_; }

 private:
  TempDir dir_;
  std::string path_;
  Connection connection_;
  SqliteStores stores_;
};

NewUser sample_user(const std::string& name, int rank = 15);
UserRecord create_user(Stores& stores, const std::string& name, int rank = 15);
NewGame sample_game(UserId black, UserId white);
MoveRecord sample_move(int number, int x, int y);
// The result an SGF text such as "B+R" or "W+3.5" spells (which must be one).
GameResult result_of(const std::string& sgf);

}  // namespace yunzi::db::testing
