// A thin wrapper over the SQLite C API: a connection that prepares each SQL
// text once and reuses the statement (bind/step/reset), queries whose values
// always go through bound parameters, typed row access, and RAII
// transactions that nest as savepoints. Every failure is a DbError value.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/rank.hpp"
#include "db/error.hpp"

struct sqlite3;
struct sqlite3_stmt;

namespace yunzi::db {

// Binary parameter; bound as a BLOB rather than TEXT.
struct Blob {
  std::span<const std::uint8_t> bytes;
};

// A prepared statement owned by its connection's cache (or, briefly, by a
// Query when the cached copy is busy).
class Statement {
 public:
  explicit Statement(sqlite3_stmt* stmt) : stmt_(stmt) {}
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  ~Statement();
  sqlite3_stmt* handle() const { return stmt_; }
  bool in_use = false;

 private:
  sqlite3_stmt* stmt_;
};

// One row of a running query; valid until the next step.
class Row {
 public:
  explicit Row(sqlite3_stmt* stmt) : stmt_(stmt) {}
  bool is_null(int column) const;
  std::int64_t integer(int column) const;
  double real(int column) const;
  std::string text(int column) const;
  std::vector<std::uint8_t> blob(int column) const;
  std::optional<std::int64_t> optional_integer(int column) const;
  std::optional<std::string> optional_text(int column) const;
  // A stored rank index; corrupt when it is outside 18k..9d.
  DbResult<Rank> rank(int column) const;

 private:
  sqlite3_stmt* stmt_;
};

class Connection;

// A prepared statement in use: parameters bound, stepped, and reset (and its
// bindings cleared) when the Query goes away, ready for the next use.
class Query {
 public:
  Query(Query&& other) noexcept;
  Query& operator=(Query&&) = delete;
  Query(const Query&) = delete;
  ~Query();

  void bind(int index, std::int64_t value);
  void bind(int index, int value) { bind(index, static_cast<std::int64_t>(value)); }
  void bind(int index, bool value) { bind(index, static_cast<std::int64_t>(value ? 1 : 0)); }
  void bind(int index, double value);
  void bind(int index, std::string_view value);
  void bind(int index, const std::string& value) { bind(index, std::string_view(value)); }
  void bind(int index, const char* value) { bind(index, std::string_view(value)); }
  void bind(int index, Blob value);
  void bind(int index, Rank value) { bind(index, value.index()); }
  void bind(int index, std::nullopt_t);
  template <class T>
  void bind(int index, const std::optional<T>& value) {
    if (value) {
      bind(index, *value);
    } else {
      bind(index, std::nullopt);
    }
  }

  // true when a row is ready, false when the statement is done.
  DbResult<bool> step();
  Row row() const;

 private:
  friend class Connection;
  Query(Connection* connection, Statement* statement, std::unique_ptr<Statement> owned);
  void note_bind(int rc);

  Connection* connection_;
  Statement* statement_;
  std::unique_ptr<Statement> owned_;  // set when the cached statement was busy
  std::optional<DbError> bind_error_;
};

struct ConnectionOptions {
  int busy_timeout_ms = 5000;
  bool read_only = false;
};

class Connection {
 public:
  // Opens (creating when allowed) the file and applies the pragmas every
  // yunzi connection runs with. Does not migrate: see db/database.hpp.
  static DbResult<Connection> open(const std::string& path, const ConnectionOptions& options);

  Connection(Connection&& other) noexcept;
  Connection& operator=(Connection&& other) noexcept;
  Connection(const Connection&) = delete;
  ~Connection();

  template <class... Args>
  DbResult<Query> query(std::string_view sql, const Args&... args) {
    auto prepared = prepare(sql);
    if (!prepared) return prepared;
    int index = 1;
    (prepared->bind(index++, args), ...);
    return prepared;
  }

  // Runs a statement that returns no rows (or whose rows do not matter).
  template <class... Args>
  DbResult<Done> execute(std::string_view sql, const Args&... args) {
    auto q = query(sql, args...);
    if (!q) return unexpected(q.error());
    return run_to_end(*q);
  }

  // Runs an INSERT and returns the new row's id.
  template <class... Args>
  DbResult<std::int64_t> insert(std::string_view sql, const Args&... args) {
    auto done = execute(sql, args...);
    if (!done) return unexpected(done.error());
    return last_insert_id();
  }

  // Runs SQL text with no parameters, several statements allowed (schema
  // scripts, pragmas). Never pass values in here: use query().
  DbResult<Done> run_script(const std::string& sql);

  int changes() const;
  std::int64_t last_insert_id() const;
  bool in_transaction() const;
  std::size_t cached_statements() const { return cache_.size(); }
  sqlite3* handle() { return db_; }

  // Turns the connection's last failure into a DbError.
  DbError error_from(int rc, std::string_view context) const;

 private:
  friend class Transaction;
  explicit Connection(sqlite3* db) : db_(db) {}
  DbResult<Query> prepare(std::string_view sql);
  DbResult<Done> run_to_end(Query& query);
  void close();

  // Looked up by the SQL text as given (a string_view), so finding a cached
  // statement, which happens for every statement run, allocates nothing.
  struct SqlHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view sql) const { return std::hash<std::string_view>{}(sql); }
  };
  sqlite3* db_ = nullptr;
  std::unordered_map<std::string, std::unique_ptr<Statement>, SqlHash, std::equal_to<>> cache_;
  int savepoint_depth_ = 0;
};

// BEGIN IMMEDIATE ... COMMIT at the outermost level, SAVEPOINT ... RELEASE
// inside another transaction. Rolls back unless commit() succeeded.
class Transaction {
 public:
  static DbResult<Transaction> begin(Connection& connection);
  Transaction(Transaction&& other) noexcept;
  Transaction& operator=(Transaction&&) = delete;
  ~Transaction();

  DbResult<Done> commit();
  void rollback();

 private:
  Transaction(Connection* connection, int depth) : connection_(connection), depth_(depth) {}
  std::string savepoint_name() const;

  Connection* connection_;
  int depth_;  // 0 for the outermost transaction
  bool open_ = true;
};

}  // namespace yunzi::db
