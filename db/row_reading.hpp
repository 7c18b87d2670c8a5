// Small helpers the SQLite stores share to turn a query's rows into records
// and to check that an update hit a row.
#pragma once

#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "db/connection.hpp"

namespace yunzi::db {

// A row converted by read(const Row&), which returns T, or DbResult<T> when
// a stored value can be out of its type's range.
template <class T, class Read>
DbResult<T> read_row(const Row& row, Read& read) {
  if constexpr (std::is_same_v<std::invoke_result_t<Read&, const Row&>, DbResult<T>>) {
    return read(row);
  } else {
    return DbResult<T>(read(row));
  }
}

// Every row, converted by read.
template <class T, class Read>
DbResult<std::vector<T>> read_all(DbResult<Query> query, Read read) {
  if (!query) return unexpected(query.error());
  std::vector<T> rows;
  for (;;) {
    auto stepped = query->step();
    if (!stepped) return unexpected(stepped.error());
    if (!*stepped) return rows;
    auto converted = read_row<T>(query->row(), read);
    if (!converted) return unexpected(converted.error());
    rows.push_back(std::move(*converted));
  }
}

// The first row, if any.
template <class T, class Read>
DbResult<std::optional<T>> read_first(DbResult<Query> query, Read read) {
  if (!query) return unexpected(query.error());
  auto stepped = query->step();
  if (!stepped) return unexpected(stepped.error());
  if (!*stepped) return std::optional<T>();
  auto converted = read_row<T>(query->row(), read);
  if (!converted) return unexpected(converted.error());
  return std::optional<T>(std::move(*converted));
}

// The integer in the first column of the first row (a COUNT), 0 when there is no row.
inline DbResult<std::int64_t> read_count(DbResult<Query> query) {
  auto count = read_first<std::int64_t>(std::move(query), [](const Row& row) { return row.integer(0); });
  if (!count) return unexpected(count.error());
  return count->value_or(0);
}

// After an UPDATE or DELETE of one row by key: not_found when none changed.
inline DbResult<Done> expect_changed(Connection& connection, DbResult<Done> done, const std::string& what) {
  if (!done) return done;
  if (connection.changes() == 0) return db_failure(DbErrorKind::not_found, what + " not found");
  return Done{};
}

}  // namespace yunzi::db
