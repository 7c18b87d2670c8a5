// The SQLite engine under a Connection (db/connection.hpp): a thin wrapper
// over the SQLite C API whose statements are prepared once and reused
// (bind/step/reset). The schema version lives in PRAGMA user_version.
#pragma once

#include <string>

#include "db/connection.hpp"

namespace yunzi::db {

struct ConnectionOptions {
  int busy_timeout_ms = 5000;
  bool read_only = false;
};

// Opens (creating when allowed) the file with the busy timeout every yunzi
// connection runs with. Does not migrate: see db/database.hpp.
DbResult<Connection> open_sqlite(const std::string& path, const ConnectionOptions& options);

// The DbError kind of an SQLite result code.
DbErrorKind sqlite_error_kind(int rc);

}  // namespace yunzi::db
