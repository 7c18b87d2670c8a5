// Opening a yunzi database file the way the server needs it: the write
// connection (checked, switched to WAL, migrated) and read-only connections
// for queries off the hot path. Every refusal is a DbError the caller prints
// before exiting; a refused file is left exactly as it was.
#pragma once

#include <string>

#include "db/migrations.hpp"
#include "db/sqlite.hpp"

namespace yunzi::db {

struct OpenOptions {
  int busy_timeout_ms = 5000;
};

// Opens or creates the file, refuses a corrupt, locked or too new one, then
// sets WAL, synchronous=NORMAL and foreign keys and applies the embedded
// migrations.
DbResult<Connection> open_database(const std::string& path, const OpenOptions& options = {});

// The same with an explicit migration list (tests of older schema versions).
DbResult<Connection> open_database(const std::string& path, const OpenOptions& options,
                                   std::span<const Migration> migrations);

// A read-only connection to a file already opened by open_database.
DbResult<Connection> open_reader(const std::string& path, const OpenOptions& options = {});

// Distinct process exit codes for start-up failures, one per kind.
int exit_code_for(const DbError& error);

}  // namespace yunzi::db
