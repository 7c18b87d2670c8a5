// A database connection the stores use without knowing the engine (db/sqlite.hpp or db/postgresql.hpp): each SQL
// text prepared once, values always bound, transactions nested as savepoints, every failure a DbError. One SQL text
// serves both engines, under the rules of db/README.md, "Two engines, one set of stores".
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

namespace yunzi::db {

enum class Engine { sqlite, postgresql };

std::string_view to_string(Engine engine);

// Binary parameter; bound as a BLOB (SQLite) or BYTEA (PostgreSQL) rather than text.
struct Blob {
  std::span<const std::uint8_t> bytes;
};

// One prepared statement of an engine: parameters in, rows out. Owned by its
// connection's cache (or, briefly, by a Query when the cached one is busy).
class Cursor {
 public:
  virtual ~Cursor() = default;
  // A failed bind is remembered and returned by the next step().
  virtual void bind_integer(int index, std::int64_t value) = 0;
  virtual void bind_real(int index, double value) = 0;
  virtual void bind_text(int index, std::string_view value) = 0;
  virtual void bind_blob(int index, std::span<const std::uint8_t> bytes) = 0;
  virtual void bind_null(int index) = 0;
  // true when a row is ready, false when the statement is done.
  virtual DbResult<bool> step() = 0;
  // Ready for the next use: bindings cleared, results dropped.
  virtual void reset() = 0;

  virtual bool is_null(int column) const = 0;
  virtual std::int64_t integer(int column) const = 0;
  virtual double real(int column) const = 0;
  virtual std::string text(int column) const = 0;
  virtual std::vector<std::uint8_t> blob(int column) const = 0;

  bool in_use = false;
};

// One row of a running query; valid until the next step.
class Row {
 public:
  explicit Row(const Cursor* cursor) : cursor_(cursor) {}
  bool is_null(int column) const { return cursor_->is_null(column); }
  std::int64_t integer(int column) const { return cursor_->integer(column); }
  double real(int column) const { return cursor_->real(column); }
  std::string text(int column) const { return cursor_->text(column); }
  std::vector<std::uint8_t> blob(int column) const { return cursor_->blob(column); }
  std::optional<std::int64_t> optional_integer(int column) const;
  std::optional<std::string> optional_text(int column) const;
  // A stored rank index; corrupt when it is outside 18k..9d.
  DbResult<Rank> rank(int column) const;

 private:
  const Cursor* cursor_;
};

// A prepared statement in use: parameters bound, stepped, and reset when the
// Query goes away, ready for the next use.
class Query {
 public:
  Query(Cursor* cursor, std::unique_ptr<Cursor> owned);
  Query(Query&& other) noexcept;
  Query& operator=(Query&&) = delete;
  Query(const Query&) = delete;
  ~Query();

  void bind(int index, std::int64_t value) { cursor_->bind_integer(index, value); }
  void bind(int index, int value) { bind(index, static_cast<std::int64_t>(value)); }
  void bind(int index, bool value) { bind(index, static_cast<std::int64_t>(value ? 1 : 0)); }
  void bind(int index, double value) { cursor_->bind_real(index, value); }
  void bind(int index, std::string_view value) { cursor_->bind_text(index, value); }
  void bind(int index, const std::string& value) { bind(index, std::string_view(value)); }
  void bind(int index, const char* value) { bind(index, std::string_view(value)); }
  void bind(int index, Blob value) { cursor_->bind_blob(index, value.bytes); }
  void bind(int index, Rank value) { bind(index, value.index()); }
  void bind(int index, std::nullopt_t) { cursor_->bind_null(index); }
  template <class T>
  void bind(int index, const std::optional<T>& value) {
    if (value) {
      bind(index, *value);
    } else {
      bind(index, std::nullopt);
    }
  }

  // true when a row is ready, false when the statement is done.
  DbResult<bool> step() { return cursor_->step(); }
  Row row() const { return Row(cursor_); }

 private:
  Cursor* cursor_;
  std::unique_ptr<Cursor> owned_;  // set when the cached cursor was busy
};

// What each engine provides under a Connection.
class ConnectionEngine {
 public:
  virtual ~ConnectionEngine() = default;
  virtual Engine engine() const = 0;
  // A new cursor for the SQL text, in the stores' spelling.
  virtual DbResult<std::unique_ptr<Cursor>> prepare(std::string_view sql) = 0;
  // SQL text with no parameters, several statements allowed.
  virtual DbResult<Done> run_script(const std::string& sql) = 0;
  // Rows changed by the last INSERT, UPDATE or DELETE.
  virtual int changes() const = 0;
  virtual DbResult<std::int64_t> last_insert_id() = 0;
  virtual bool in_transaction() const = 0;
  // The open transaction will store nothing more: a failed statement aborted
  // it (PostgreSQL), or the connection it ran on was lost.
  virtual bool transaction_aborted() const { return false; }
  // The statement that opens an outermost transaction.
  virtual std::string_view begin_statement() const = 0;
  // The schema version the database is at (0 for an empty one), and
  // recording a new one inside the migration's transaction.
  virtual DbResult<int> schema_version() = 0;
  virtual DbResult<Done> set_schema_version(int version) = 0;
  virtual sqlite3* sqlite_handle() { return nullptr; }
};

class Connection {
 public:
  explicit Connection(std::unique_ptr<ConnectionEngine> engine) : engine_(std::move(engine)) {}
  Connection(Connection&& other) noexcept = default;
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

  // Runs an INSERT into a table with an id column and returns the new row's id.
  template <class... Args>
  DbResult<std::int64_t> insert(std::string_view sql, const Args&... args) {
    auto done = execute(sql, args...);
    if (!done) return unexpected(done.error());
    return engine_->last_insert_id();
  }

  // Runs SQL text with no parameters, several statements allowed (schema
  // scripts, pragmas). Never pass values in here: use query().
  DbResult<Done> run_script(const std::string& sql) { return engine_->run_script(sql); }

  Engine engine() const { return engine_->engine(); }
  int changes() const { return engine_->changes(); }
  bool in_transaction() const { return engine_->in_transaction(); }
  bool transaction_aborted() const { return engine_->transaction_aborted(); }
  std::size_t cached_statements() const { return cache_.size(); }
  DbResult<int> schema_version() { return engine_->schema_version(); }
  DbResult<Done> set_schema_version(int version) { return engine_->set_schema_version(version); }
  // The SQLite handle for what only SQLite has (checkpoints, backups);
  // nullptr on PostgreSQL.
  sqlite3* sqlite_handle() { return engine_->sqlite_handle(); }

 private:
  friend class Transaction;
  DbResult<Query> prepare(std::string_view sql);
  static DbResult<Done> run_to_end(Query& query);
  void close();

  // Looked up by the SQL text as given (a string_view), so finding a cached
  // statement, which happens for every statement run, allocates nothing.
  struct SqlHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view sql) const { return std::hash<std::string_view>{}(sql); }
  };
  std::unique_ptr<ConnectionEngine> engine_;
  std::unordered_map<std::string, std::unique_ptr<Cursor>, SqlHash, std::equal_to<>> cache_;
  int savepoint_depth_ = 0;
};

// The engine's BEGIN ... COMMIT at the outermost level, SAVEPOINT ... RELEASE
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
