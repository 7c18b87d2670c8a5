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
};

// Connects to `url` (postgresql://user@host:port/db?options, or any libpq
// connection string). Does not migrate: see db/database.hpp.
DbResult<Connection> open_postgresql(const std::string& url, const PostgresOptions& options = {});

// The statement text PostgreSQL is given for the stores' spelling: `?` is the
// next parameter, `?N` parameter N; string literals, quoted names and
// comments are left as they are.
std::string postgres_placeholders(std::string_view sql);

// The DbError kind of an SQLSTATE code.
DbErrorKind postgres_error_kind(std::string_view sqlstate);

// Runs `work` while holding a session-level advisory lock of the database,
// so that nodes starting together migrate one after the other.
DbResult<int> with_migration_lock(Connection& connection, const std::function<DbResult<int>()>& work);

// Makes `connection` the database's one writer for as long as it stays
// open, as SQLite's file lock does: a second one is refused as `locked`.
// PostgreSQL lets the lock go with the connection, so a node that dies
// leaves the database free; one that is merely stopped keeps it.
DbResult<Done> claim_sole_writer(Connection& connection);

}  // namespace yunzi::db
