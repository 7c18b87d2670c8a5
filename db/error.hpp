// Errors of the persistence layer as values: a kind the caller can branch on
// (a full disk and a duplicate name call for different answers) and a message
// for logs and for the operator.
#pragma once

#include <string>
#include <string_view>

#include "core/expected.hpp"

namespace yunzi::db {

enum class DbErrorKind {
  cannot_open,       // missing or unwritable directory, permission denied
  corrupt,           // not a database, or a damaged one
  locked,            // another process holds the file (busy timeout expired)
  newer_schema,      // the file was written by a newer yunzi
  constraint,        // a uniqueness or foreign key rule refused the change
  not_found,         // the row an update names does not exist
  conflict,          // the row exists but is not in the state the change needs
  invalid_argument,  // a parameter out of range (limit, rank, ...)
  stopped,           // the writer thread no longer takes work
  io,                // disk full, read or write failure
  not_owner,         // this node no longer holds the game it writes (db/ownership_store.hpp)
  other,
};

std::string_view to_string(DbErrorKind kind);

struct DbError {
  DbErrorKind kind = DbErrorKind::other;
  int sqlite_code = 0;  // the extended SQLite result code, 0 when not from SQLite
  std::string message;
  // A COMMIT whose connection was lost before its answer, and whose fate a new connection could not learn: it
  // may or may not have been stored.
  bool outcome_unknown = false;
  // The database server could not be reached: a lost connection or a refused connect (not a full disk).
  bool unreachable = false;
  // Nothing of the change was stored because another change's failure rolled back the batch it was in: it may be
  // sent again as it is (db::Writer).
  bool undone_with_batch = false;
};

template <class T>
using DbResult = Expected<T, DbError>;

inline Unexpected<DbError> db_failure(DbErrorKind kind, std::string message, int sqlite_code = 0) {
  return unexpected(DbError{kind, sqlite_code, std::move(message)});
}

}  // namespace yunzi::db
