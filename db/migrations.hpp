// The schema's history: migrations/NNNN_name.sql compiled into the binary,
// and the runner that brings a database file up to date at start-up. The
// version a file is at lives in PRAGMA user_version.
#pragma once

#include <span>
#include <string_view>

#include "db/sqlite.hpp"

namespace yunzi::db {

struct Migration {
  int version;  // 1, 2, 3, ... in order, without gaps
  std::string_view name;
  std::string_view sql;
};

// The migrations built into this binary (generated from migrations/).
std::span<const Migration> embedded_migrations();

DbResult<int> schema_version(Connection& connection);

// Applies, in order, each migration newer than the file, each in its own
// transaction together with the new user_version. A file newer than the
// list is refused with DbErrorKind::newer_schema and left untouched.
// Returns the version the file is at afterwards.
DbResult<int> migrate(Connection& connection, std::span<const Migration> migrations);

}  // namespace yunzi::db
