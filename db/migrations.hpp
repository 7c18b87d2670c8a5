// The schema's history: migrations/NNNN_name.sql (SQLite) and
// migrations/postgresql/NNNN_name.sql compiled into the binary, and the
// runner that brings a database up to date at start-up. The version a
// database is at is kept by its engine (PRAGMA user_version, or the
// yunzi_schema table).
#pragma once

#include <span>
#include <string_view>

#include "db/connection.hpp"

namespace yunzi::db {

struct Migration {
  int version;  // consecutive, without gaps
  std::string_view name;
  std::string_view sql;
};

// The migrations built into this binary for an engine. SQLite's start at 1.
// PostgreSQL's start at 15 with the whole schema of that version (no
// PostgreSQL database of an earlier version ever existed); every later
// migration exists in both, with the same number and name.
std::span<const Migration> embedded_migrations(Engine engine);

// The version the last migration of the list brings a database to (0 for none).
int latest_version(std::span<const Migration> migrations);

DbResult<int> schema_version(Connection& connection);

// Applies, in order, each migration newer than the database, each in its own
// transaction together with the new version. A database newer than the
// list is refused with DbErrorKind::newer_schema and left untouched.
// Returns the version the database is at afterwards.
DbResult<int> migrate(Connection& connection, std::span<const Migration> migrations);

}  // namespace yunzi::db
