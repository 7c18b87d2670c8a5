// Small helpers the SQLite stores share to turn a query's rows into records
// and to check that an update hit a row.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "db/sqlite.hpp"

namespace yunzi::db {

// Every row, converted by read(const Row&) -> T.
template <class T, class Read>
DbResult<std::vector<T>> read_all(DbResult<Query> query, Read read) {
  if (!query) return unexpected(query.error());
  std::vector<T> rows;
  for (;;) {
    auto stepped = query->step();
    if (!stepped) return unexpected(stepped.error());
    if (!*stepped) return rows;
    rows.push_back(read(query->row()));
  }
}

// The first row, if any.
template <class T, class Read>
DbResult<std::optional<T>> read_first(DbResult<Query> query, Read read) {
  if (!query) return unexpected(query.error());
  auto stepped = query->step();
  if (!stepped) return unexpected(stepped.error());
  if (!*stepped) return std::optional<T>();
  return std::optional<T>(read(query->row()));
}

// After an UPDATE or DELETE of one row by key: not_found when none changed.
inline DbResult<Done> expect_changed(Connection& connection, DbResult<Done> done, const std::string& what) {
  if (!done) return done;
  if (connection.changes() == 0) return db_failure(DbErrorKind::not_found, what + " not found");
  return Done{};
}

}  // namespace yunzi::db
