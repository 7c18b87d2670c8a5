// The PostgreSQL engine under a Connection (db/connection.hpp), over
// libpqxx: each SQL text becomes a server-side prepared statement once, its
// `?` parameters renumbered `$1, $2, ...`; values travel as text (bytea in
// hex), and results are read whole. The schema version lives in the
// yunzi_schema table.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "db/connection.hpp"

namespace yunzi::db {

struct PostgresOptions {
  bool read_only = false;
  // The database's one writer for as long as the connection lasts, as
  // SQLite's file lock makes it: a second is refused as `locked`, at the
  // first connection and at every reconnection. PostgreSQL lets the lock go
  // with the session, so a node that dies leaves the database free; one
  // that is merely stopped keeps it.
  bool sole_writer = false;
  // A cluster node's name: the writer lock is then this node's alone (one
  // process per name), and the other nodes write beside it, their writes
  // of a game fenced by its ownership (db/ownership_store.hpp).
  std::string writer_name;
  // When above zero, PostgreSQL ends a session that leaves a transaction
  // open this long (a paused node), so its row locks do not hold back the
  // takeover of its games.
  int idle_transaction_limit_ms = 0;
};

// Connects to `url` (postgresql://user@host:port/db?options, or any libpq
// connection string). Does not migrate: see db/database.hpp. A connection
// that is lost (the server restarted) fails its statement as `io` and
// connects again at the next one; a transaction it cut short fails to its end.
DbResult<Connection> open_postgresql(const std::string& url, const PostgresOptions& options = {});

// The statement text PostgreSQL is given for the stores' spelling: `?` is the
// next parameter, `?N` parameter N; string literals (E'' ones with their
// backslash escapes), quoted names and comments are left as they are.
std::string postgres_numbered_parameters(std::string_view sql);

// The DbError kind of an SQLSTATE code.
DbErrorKind postgres_error_kind(std::string_view sqlstate);

// Runs `work` while holding a session-level advisory lock of the database,
// so that nodes starting together migrate one after the other.
DbResult<int> with_migration_lock(Connection& connection, const std::function<DbResult<int>()>& work);

}  // namespace yunzi::db
