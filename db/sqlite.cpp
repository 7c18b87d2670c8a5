#include "db/sqlite.hpp"

#include <sqlite3.h>

#include <utility>

namespace yunzi::db {

DbErrorKind sqlite_error_kind(int rc) {
  switch (rc & 0xff) {
    case SQLITE_CANTOPEN:
    case SQLITE_PERM:
    case SQLITE_READONLY:
    case SQLITE_AUTH: return DbErrorKind::cannot_open;
    case SQLITE_NOTADB:
    case SQLITE_CORRUPT: return DbErrorKind::corrupt;
    case SQLITE_BUSY:
    case SQLITE_LOCKED: return DbErrorKind::locked;
    case SQLITE_CONSTRAINT: return DbErrorKind::constraint;
    case SQLITE_IOERR:
    case SQLITE_FULL: return DbErrorKind::io;
    default: return DbErrorKind::other;
  }
}

namespace {

DbError error_of(sqlite3* db, int rc, std::string_view context) {
  const int code = db ? sqlite3_extended_errcode(db) : rc;
  std::string message(context);
  message += ": ";
  message += db ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
  return DbError{sqlite_error_kind(rc), code ? code : rc, std::move(message)};
}

class SqliteCursor final : public Cursor {
 public:
  SqliteCursor(sqlite3* db, sqlite3_stmt* stmt) : db_(db), stmt_(stmt) {}
  SqliteCursor(const SqliteCursor&) = delete;
  ~SqliteCursor() override { sqlite3_finalize(stmt_); }

  void bind_integer(int index, std::int64_t value) override { note(sqlite3_bind_int64(stmt_, index, value)); }
  void bind_real(int index, double value) override { note(sqlite3_bind_double(stmt_, index, value)); }
  void bind_text(int index, std::string_view value) override {
    // A text with embedded NUL bytes is stored whole: the length is explicit.
    note(sqlite3_bind_text64(stmt_, index, value.data(), value.size(), SQLITE_TRANSIENT, SQLITE_UTF8));
  }
  void bind_blob(int index, std::span<const std::uint8_t> bytes) override {
    note(sqlite3_bind_blob64(stmt_, index, bytes.data(), bytes.size(), SQLITE_TRANSIENT));
  }
  void bind_null(int index) override { note(sqlite3_bind_null(stmt_, index)); }

  DbResult<bool> step() override {
    if (bind_error_) return unexpected(*bind_error_);
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    return unexpected(error_of(db_, rc, sqlite3_sql(stmt_)));
  }

  void reset() override {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
    bind_error_.reset();
  }

  bool is_null(int column) const override { return sqlite3_column_type(stmt_, column) == SQLITE_NULL; }
  std::int64_t integer(int column) const override { return sqlite3_column_int64(stmt_, column); }
  double real(int column) const override { return sqlite3_column_double(stmt_, column); }
  std::string text(int column) const override {
    const auto* data = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, column));
    const int size = sqlite3_column_bytes(stmt_, column);
    return data ? std::string(data, static_cast<std::size_t>(size)) : std::string();
  }
  std::vector<std::uint8_t> blob(int column) const override {
    const auto* data = static_cast<const std::uint8_t*>(sqlite3_column_blob(stmt_, column));
    const int size = sqlite3_column_bytes(stmt_, column);
    return data ? std::vector<std::uint8_t>(data, data + size) : std::vector<std::uint8_t>();
  }

 private:
  void note(int rc) {
    if (rc != SQLITE_OK && !bind_error_) bind_error_ = error_of(db_, rc, "bind");
  }

  sqlite3* db_;
  sqlite3_stmt* stmt_;
  std::optional<DbError> bind_error_;
};

class SqliteEngine final : public ConnectionEngine {
 public:
  explicit SqliteEngine(sqlite3* db) : db_(db) {}
  SqliteEngine(const SqliteEngine&) = delete;
  ~SqliteEngine() override { sqlite3_close(db_); }

  Engine engine() const override { return Engine::sqlite; }

  DbResult<std::unique_ptr<Cursor>> prepare(std::string_view sql) override {
    sqlite3_stmt* raw = nullptr;
    const int rc =
        sqlite3_prepare_v3(db_, sql.data(), static_cast<int>(sql.size()), SQLITE_PREPARE_PERSISTENT, &raw, nullptr);
    if (rc != SQLITE_OK) return unexpected(error_of(db_, rc, "prepare " + std::string(sql)));
    return std::unique_ptr<Cursor>(std::make_unique<SqliteCursor>(db_, raw));
  }

  DbResult<Done> run_script(const std::string& sql) override {
    char* message = nullptr;
    const int rc = sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &message);
    if (rc == SQLITE_OK) return Done{};
    std::string text = message ? message : sqlite3_errstr(rc);
    sqlite3_free(message);
    return db_failure(sqlite_error_kind(rc), std::move(text), sqlite3_extended_errcode(db_));
  }

  int changes() const override { return sqlite3_changes(db_); }
  DbResult<std::int64_t> last_insert_id() override { return sqlite3_last_insert_rowid(db_); }
  bool in_transaction() const override { return sqlite3_get_autocommit(db_) == 0; }
  // IMMEDIATE takes the write lock now, so a busy file fails here and not
  // halfway through the work.
  std::string_view begin_statement() const override { return "BEGIN IMMEDIATE"; }

  DbResult<int> schema_version() override {
    auto cursor = prepare("PRAGMA user_version");
    if (!cursor) return unexpected(cursor.error());
    auto stepped = (*cursor)->step();
    if (!stepped) return unexpected(stepped.error());
    if (!*stepped) return db_failure(DbErrorKind::corrupt, "PRAGMA user_version returned no row");
    return static_cast<int>((*cursor)->integer(0));
  }

  // user_version is part of the file header and so of the transaction; the
  // number comes from the compiled-in list, never from outside.
  DbResult<Done> set_schema_version(int version) override {
    return run_script("PRAGMA user_version = " + std::to_string(version));
  }

  sqlite3* sqlite_handle() override { return db_; }

 private:
  sqlite3* db_;
};

}  // namespace

DbResult<Connection> open_sqlite(const std::string& path, const ConnectionOptions& options) {
  sqlite3* raw = nullptr;
  const int flags =
      (options.read_only ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOMUTEX;
  const int rc = sqlite3_open_v2(path.c_str(), &raw, flags, nullptr);
  if (rc != SQLITE_OK) {
    std::string message = "cannot open database " + path + ": " + (raw ? sqlite3_errmsg(raw) : sqlite3_errstr(rc));
    const int code = raw ? sqlite3_extended_errcode(raw) : rc;
    sqlite3_close(raw);
    return db_failure(sqlite_error_kind(code), std::move(message), code);
  }
  sqlite3_extended_result_codes(raw, 1);
  sqlite3_busy_timeout(raw, options.busy_timeout_ms);
  return Connection(std::make_unique<SqliteEngine>(raw));
}

}  // namespace yunzi::db
