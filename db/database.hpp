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

// Opens the file, or creates it when it is missing; refuses an empty, corrupt,
// locked or too new one (an empty file is `corrupt`, never a new database),
// then sets WAL, synchronous=NORMAL and foreign keys and applies the
// embedded migrations.
DbResult<Connection> open_database(const std::string& path, const OpenOptions& options = {});

// The same with an explicit migration list (tests of older schema versions).
DbResult<Connection> open_database(const std::string& path, const OpenOptions& options,
                                   std::span<const Migration> migrations);

// SQLite takes a 0-byte file for a new, empty database, so a database
// truncated or replaced by an empty file would come back with no accounts and
// no games, every name free for anyone. Only a missing file starts a new
// database: an existing empty one is `corrupt` (refused before SQLite opens
// it, so it stays as it is). Done for a missing file or one with content.
DbResult<Done> refuse_empty_file(const std::string& path);

// A read-only connection to a file already opened by open_database.
DbResult<Connection> open_reader(const std::string& path, const OpenOptions& options = {});

// Distinct process exit codes for start-up failures, one per kind.
int exit_code_for(const DbError& error);

}  // namespace yunzi::db
