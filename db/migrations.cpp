#include "db/migrations.hpp"

#include <string>

namespace yunzi::db {

std::span<const Migration> sqlite_migrations();
std::span<const Migration> postgresql_migrations();

std::span<const Migration> embedded_migrations(Engine engine) {
  return engine == Engine::sqlite ? sqlite_migrations() : postgresql_migrations();
}

int latest_version(std::span<const Migration> migrations) { return migrations.empty() ? 0 : migrations.back().version; }

DbResult<int> schema_version(Connection& connection) { return connection.schema_version(); }

namespace {

DbResult<Done> check_numbering(std::span<const Migration> migrations) {
  int expected = migrations.empty() ? 1 : migrations.front().version;
  for (const Migration& m : migrations) {
    if (m.version != expected) {
      return db_failure(DbErrorKind::invalid_argument, "migration " + std::string(m.name) + " has number " +
                                                           std::to_string(m.version) + ", expected " +
                                                           std::to_string(expected));
    }
    ++expected;
  }
  return Done{};
}

DbResult<Done> apply(Connection& connection, const Migration& m) {
  auto tx = Transaction::begin(connection);
  if (!tx) return unexpected(tx.error());
  auto ran = connection.run_script(std::string(m.sql));
  if (!ran) {
    DbError error = ran.error();
    error.message = "migration " + std::to_string(m.version) + "_" + std::string(m.name) + ": " + error.message;
    return unexpected(std::move(error));
  }
  auto recorded = connection.set_schema_version(m.version);
  if (!recorded) return recorded;
  return tx->commit();
}

}  // namespace

DbResult<int> migrate(Connection& connection, std::span<const Migration> migrations) {
  auto numbered = check_numbering(migrations);
  if (!numbered) return unexpected(numbered.error());
  auto current = schema_version(connection);
  if (!current) return current;
  const int latest = latest_version(migrations);
  if (*current > latest) {
    return db_failure(DbErrorKind::newer_schema, "the database is at schema version " + std::to_string(*current) +
                                                     " but this yunzi knows versions up to " + std::to_string(latest) +
                                                     "; use a newer yunzi or restore a backup");
  }
  for (const Migration& m : migrations) {
    if (m.version <= *current) continue;
    auto applied = apply(connection, m);
    if (!applied) return unexpected(applied.error());
  }
  return latest;
}

}  // namespace yunzi::db
