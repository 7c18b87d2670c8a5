// Opening a yunzi database the way the server needs it: the write
// connection (checked, switched to WAL, migrated) and read-only connections
// for queries off the hot path, on SQLite (a file, the default) or on
// PostgreSQL (a server shared by several nodes). Every refusal is a DbError
// the caller prints before exiting; a refused database is left exactly as
// it was.
#pragma once

#include <string>

#include "db/migrations.hpp"
#include "db/postgresql.hpp"
#include "db/sqlite.hpp"

namespace yunzi::db {

struct OpenOptions {
  int busy_timeout_ms = 5000;
  // PostgreSQL: be the database's one writer (yunzi-server); tools that
  // write beside a running server (yunzi-admin) leave it false.
  bool sole_writer = false;
  // PostgreSQL: a cluster node's name (its connections write beside the
  // other nodes'; with sole_writer, the node's own writer lock) and how long
  // it may leave a transaction open (see PostgresOptions).
  std::string node;
  int idle_transaction_limit_ms = 0;
};

// Where the data lives: an SQLite file's path, or a PostgreSQL URL.
struct DatabaseTarget {
  Engine engine = Engine::sqlite;
  std::string location;
};

// `sqlite:PATH` (or a bare path), `postgresql://...` or `postgres://...`.
DbResult<DatabaseTarget> parse_database_url(const std::string& url);

// The target as the log shows it: the SQLite file's path, or the PostgreSQL
// URL without its password.
std::string describe(const DatabaseTarget& target);

// Opens the target's write connection, migrated (on PostgreSQL under a lock,
// so that nodes starting together migrate once).
DbResult<Connection> open_database(const DatabaseTarget& target, const OpenOptions& options = {});

// A read-only connection to a database the writer has opened.
DbResult<Connection> open_reader(const DatabaseTarget& target, const OpenOptions& options = {});

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
