#include "db/database.hpp"

#include <chrono>
#include <filesystem>
#include <thread>

namespace yunzi::db {

DbResult<Done> refuse_empty_file(const std::string& path) {
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (ec || !std::filesystem::is_regular_file(status)) return Done{};
  const auto size = std::filesystem::file_size(path, ec);
  if (ec || size > 0) return Done{};
  return db_failure(DbErrorKind::corrupt, path +
                                              " is an empty file, not a yunzi database (only a missing file "
                                              "starts a new database: restore the backup, or remove the file "
                                              "to start from nothing)");
}

namespace {

DbResult<Done> apply_connection_pragmas(Connection& connection) {
  auto keys = connection.run_script("PRAGMA foreign_keys = ON");
  if (!keys) return keys;
  return connection.run_script("PRAGMA synchronous = NORMAL");
}

DbResult<Done> switch_to_wal(Connection& connection) {
  auto q = connection.query("PRAGMA journal_mode = WAL");
  if (!q) return unexpected(q.error());
  auto stepped = q->step();
  if (!stepped) return unexpected(stepped.error());
  const std::string mode = *stepped ? q->row().text(0) : std::string();
  if (mode != "wal") {
    return db_failure(DbErrorKind::io, "the file system refused write-ahead logging (journal mode is '" + mode + "')");
  }
  return Done{};
}

}  // namespace

DbResult<Connection> open_database(const std::string& path, const OpenOptions& options,
                                   std::span<const Migration> migrations) {
  if (auto empty = refuse_empty_file(path); !empty) return unexpected(empty.error());
  auto connection = open_sqlite(path, ConnectionOptions{options.busy_timeout_ms, false});
  if (!connection) return connection;
  // Read first: a corrupt or locked file fails here, and a newer schema is
  // refused before the journal mode would touch the file.
  auto version = schema_version(*connection);
  if (!version) return unexpected(version.error());
  if (*version > latest_version(migrations)) {
    auto refused = migrate(*connection, migrations);
    return unexpected(refused.error());
  }
  auto wal = switch_to_wal(*connection);
  if (!wal) return unexpected(wal.error());
  auto pragmas = apply_connection_pragmas(*connection);
  if (!pragmas) return unexpected(pragmas.error());
  auto migrated = migrate(*connection, migrations);
  if (!migrated) return unexpected(migrated.error());
  return connection;
}

DbResult<Connection> open_database(const std::string& path, const OpenOptions& options) {
  return open_database(path, options, embedded_migrations(Engine::sqlite));
}

namespace {

// A reader works only on the schema this binary knows.
DbResult<Done> check_reader_version(Connection& connection) {
  auto version = schema_version(connection);
  if (!version) return unexpected(version.error());
  const int latest = latest_version(embedded_migrations(connection.engine()));
  if (*version != latest) {
    return db_failure(DbErrorKind::newer_schema, "reader expects schema version " + std::to_string(latest) +
                                                     ", the database is at " + std::to_string(*version));
  }
  return Done{};
}

}  // namespace

DbResult<Connection> open_reader(const std::string& path, const OpenOptions& options) {
  auto connection = open_sqlite(path, ConnectionOptions{options.busy_timeout_ms, true});
  if (!connection) return connection;
  if (auto checked = check_reader_version(*connection); !checked) return unexpected(checked.error());
  auto pragmas = connection->run_script("PRAGMA foreign_keys = ON");
  if (!pragmas) return unexpected(pragmas.error());
  return connection;
}

DbResult<DatabaseTarget> parse_database_url(const std::string& url) {
  if (url.starts_with("postgresql://") || url.starts_with("postgres://")) {
    return DatabaseTarget{Engine::postgresql, url};
  }
  std::string path = url.starts_with("sqlite:") ? url.substr(7) : url;
  if (path.empty() || path.find("://") != std::string::npos) {
    return db_failure(DbErrorKind::invalid_argument,
                      "database URL '" + url + "' is neither sqlite:PATH nor postgresql://...");
  }
  return DatabaseTarget{Engine::sqlite, std::move(path)};
}

std::string describe(const DatabaseTarget& target) {
  if (target.engine == Engine::sqlite) return target.location;
  // postgresql://user:secret@host/db: the password stays out of the log.
  std::string shown = target.location;
  const std::size_t scheme = shown.find("://");
  const std::size_t at = shown.find('@', scheme);
  if (scheme != std::string::npos && at != std::string::npos) {
    const std::size_t colon = shown.find(':', scheme + 3);
    if (colon != std::string::npos && colon < at) shown.replace(colon + 1, at - colon - 1, "***");
  }
  return shown;
}

DbResult<Connection> open_database(const DatabaseTarget& target, const OpenOptions& options) {
  if (target.engine == Engine::sqlite) return open_database(target.location, options);
  // A node killed a moment ago may still hold the writer lock until
  // PostgreSQL notices its session is gone: a restart waits a little for it.
  const PostgresOptions writer{false, options.sole_writer, options.node, options.idle_transaction_limit_ms};
  auto connection = open_postgresql(target.location, writer);
  for (int waited_ms = 0; !connection && connection.error().kind == DbErrorKind::locked && waited_ms < 5000;
       waited_ms += 250) {
    std::this_thread::sleep_for(std::chrono::milliseconds(250));
    connection = open_postgresql(target.location, writer);
  }
  if (!connection) return connection;
  auto migrated =
      with_migration_lock(*connection, [&] { return migrate(*connection, embedded_migrations(Engine::postgresql)); });
  if (!migrated) return unexpected(migrated.error());
  return connection;
}

DbResult<Connection> open_reader(const DatabaseTarget& target, const OpenOptions& options) {
  if (target.engine == Engine::sqlite) return open_reader(target.location, options);
  PostgresOptions reader;
  reader.read_only = true;
  auto connection = open_postgresql(target.location, reader);
  if (!connection) return connection;
  if (auto checked = check_reader_version(*connection); !checked) return unexpected(checked.error());
  return connection;
}

int exit_code_for(const DbError& error) {
  switch (error.kind) {
    case DbErrorKind::cannot_open: return 10;
    case DbErrorKind::corrupt: return 11;
    case DbErrorKind::locked: return 12;
    case DbErrorKind::newer_schema: return 13;
    case DbErrorKind::io: return 14;
    default: return 15;
  }
}

}  // namespace yunzi::db
