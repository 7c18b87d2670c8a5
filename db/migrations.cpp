#include "db/migrations.hpp"

#include <string>

namespace yunzi::db {

DbResult<int> schema_version(Connection& connection) {
  auto q = connection.query("PRAGMA user_version");
  if (!q) return unexpected(q.error());
  auto stepped = q->step();
  if (!stepped) return unexpected(stepped.error());
  if (!*stepped) return db_failure(DbErrorKind::corrupt, "PRAGMA user_version returned no row");
  return static_cast<int>(q->row().integer(0));
}

namespace {

DbResult<Done> check_numbering(std::span<const Migration> migrations) {
  int expected = 1;
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
  // user_version is part of the file header and so of the transaction; the
  // number comes from the compiled-in list, never from outside.
  auto recorded = connection.run_script("PRAGMA user_version = " + std::to_string(m.version));
  if (!recorded) return recorded;
  return tx->commit();
}

}  // namespace

DbResult<int> migrate(Connection& connection, std::span<const Migration> migrations) {
  auto numbered = check_numbering(migrations);
  if (!numbered) return unexpected(numbered.error());
  auto current = schema_version(connection);
  if (!current) return current;
  const int latest = static_cast<int>(migrations.size());
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
