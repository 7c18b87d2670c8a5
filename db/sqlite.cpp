#include "db/sqlite.hpp"

#include <sqlite3.h>

#include <utility>

namespace yunzi::db {

std::string_view to_string(DbErrorKind kind) {
  switch (kind) {
    case DbErrorKind::cannot_open: return "cannot_open";
    case DbErrorKind::corrupt: return "corrupt";
    case DbErrorKind::locked: return "locked";
    case DbErrorKind::newer_schema: return "newer_schema";
    case DbErrorKind::constraint: return "constraint";
    case DbErrorKind::not_found: return "not_found";
    case DbErrorKind::conflict: return "conflict";
    case DbErrorKind::invalid_argument: return "invalid_argument";
    case DbErrorKind::stopped: return "stopped";
    case DbErrorKind::io: return "io";
    case DbErrorKind::other: return "other";
  }
  return "other";
}

namespace {

DbErrorKind kind_of(int rc) {
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

}  // namespace

Statement::~Statement() { sqlite3_finalize(stmt_); }

// ---- Row ----

bool Row::is_null(int column) const { return sqlite3_column_type(stmt_, column) == SQLITE_NULL; }
std::int64_t Row::integer(int column) const { return sqlite3_column_int64(stmt_, column); }
double Row::real(int column) const { return sqlite3_column_double(stmt_, column); }

std::string Row::text(int column) const {
  const auto* data = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, column));
  const int size = sqlite3_column_bytes(stmt_, column);
  return data ? std::string(data, static_cast<std::size_t>(size)) : std::string();
}

std::vector<std::uint8_t> Row::blob(int column) const {
  const auto* data = static_cast<const std::uint8_t*>(sqlite3_column_blob(stmt_, column));
  const int size = sqlite3_column_bytes(stmt_, column);
  return data ? std::vector<std::uint8_t>(data, data + size) : std::vector<std::uint8_t>();
}

std::optional<std::int64_t> Row::optional_integer(int column) const {
  if (is_null(column)) return std::nullopt;
  return integer(column);
}

std::optional<std::string> Row::optional_text(int column) const {
  if (is_null(column)) return std::nullopt;
  return text(column);
}

DbResult<Rank> Row::rank(int column) const {
  const std::int64_t index = integer(column);
  if (auto rank = Rank::from_index(static_cast<int>(index))) return *rank;
  return db_failure(DbErrorKind::corrupt, "stored rank " + std::to_string(index) + " is outside 18k..9d");
}

// ---- Query ----

Query::Query(Connection* connection, Statement* statement, std::unique_ptr<Statement> owned)
    : connection_(connection), statement_(statement), owned_(std::move(owned)) {
  statement_->in_use = true;
}

Query::Query(Query&& other) noexcept
    : connection_(other.connection_),
      statement_(std::exchange(other.statement_, nullptr)),
      owned_(std::move(other.owned_)),
      bind_error_(std::move(other.bind_error_)) {}

Query::~Query() {
  if (!statement_) return;
  sqlite3_reset(statement_->handle());
  sqlite3_clear_bindings(statement_->handle());
  statement_->in_use = false;
}

void Query::note_bind(int rc) {
  if (rc != SQLITE_OK && !bind_error_) bind_error_ = connection_->error_from(rc, "bind");
}

void Query::bind(int index, std::int64_t value) { note_bind(sqlite3_bind_int64(statement_->handle(), index, value)); }

void Query::bind(int index, double value) { note_bind(sqlite3_bind_double(statement_->handle(), index, value)); }

void Query::bind(int index, std::string_view value) {
  // A text with embedded NUL bytes is stored whole: the length is explicit.
  note_bind(
      sqlite3_bind_text64(statement_->handle(), index, value.data(), value.size(), SQLITE_TRANSIENT, SQLITE_UTF8));
}

void Query::bind(int index, Blob value) {
  note_bind(sqlite3_bind_blob64(statement_->handle(), index, value.bytes.data(), value.bytes.size(), SQLITE_TRANSIENT));
}

void Query::bind(int index, std::nullopt_t) { note_bind(sqlite3_bind_null(statement_->handle(), index)); }

DbResult<bool> Query::step() {
  if (bind_error_) return unexpected(*bind_error_);
  const int rc = sqlite3_step(statement_->handle());
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  return unexpected(connection_->error_from(rc, sqlite3_sql(statement_->handle())));
}

Row Query::row() const { return Row(statement_->handle()); }

// ---- Connection ----

DbResult<Connection> Connection::open(const std::string& path, const ConnectionOptions& options) {
  sqlite3* raw = nullptr;
  const int flags =
      (options.read_only ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOMUTEX;
  const int rc = sqlite3_open_v2(path.c_str(), &raw, flags, nullptr);
  if (rc != SQLITE_OK) {
    std::string message = "cannot open database " + path + ": " + (raw ? sqlite3_errmsg(raw) : sqlite3_errstr(rc));
    const int code = raw ? sqlite3_extended_errcode(raw) : rc;
    sqlite3_close(raw);
    return db_failure(kind_of(code), std::move(message), code);
  }
  sqlite3_extended_result_codes(raw, 1);
  sqlite3_busy_timeout(raw, options.busy_timeout_ms);
  return Connection(raw);
}

Connection::Connection(Connection&& other) noexcept
    : db_(std::exchange(other.db_, nullptr)),
      cache_(std::move(other.cache_)),
      savepoint_depth_(other.savepoint_depth_) {}

Connection& Connection::operator=(Connection&& other) noexcept {
  if (this != &other) {
    close();
    db_ = std::exchange(other.db_, nullptr);
    cache_ = std::move(other.cache_);
    savepoint_depth_ = other.savepoint_depth_;
  }
  return *this;
}

Connection::~Connection() { close(); }

void Connection::close() {
  cache_.clear();  // statements are finalized before the connection closes
  if (db_) sqlite3_close(db_);
  db_ = nullptr;
}

DbError Connection::error_from(int rc, std::string_view context) const {
  const int code = db_ ? sqlite3_extended_errcode(db_) : rc;
  std::string message(context);
  message += ": ";
  message += db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
  return DbError{kind_of(rc), code ? code : rc, std::move(message)};
}

DbResult<Query> Connection::prepare(std::string_view sql) {
  auto found = cache_.find(sql);
  if (found != cache_.end() && !found->second->in_use) return Query(this, found->second.get(), nullptr);

  sqlite3_stmt* raw = nullptr;
  const int rc =
      sqlite3_prepare_v3(db_, sql.data(), static_cast<int>(sql.size()), SQLITE_PREPARE_PERSISTENT, &raw, nullptr);
  if (rc != SQLITE_OK) return unexpected(error_from(rc, "prepare " + std::string(sql)));
  auto statement = std::make_unique<Statement>(raw);
  if (found != cache_.end()) {
    // The cached copy is running (a query nested inside its own loop): this
    // use gets a statement of its own that dies with the Query.
    Statement* pointer = statement.get();
    return Query(this, pointer, std::move(statement));
  }
  Statement* pointer = statement.get();
  cache_.emplace(std::string(sql), std::move(statement));
  return Query(this, pointer, nullptr);
}

DbResult<Done> Connection::run_to_end(Query& query) {
  for (;;) {
    auto stepped = query.step();
    if (!stepped) return unexpected(stepped.error());
    if (!*stepped) return Done{};
  }
}

DbResult<Done> Connection::run_script(const std::string& sql) {
  char* message = nullptr;
  const int rc = sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &message);
  if (rc == SQLITE_OK) return Done{};
  std::string text = message ? message : sqlite3_errstr(rc);
  sqlite3_free(message);
  return db_failure(kind_of(rc), std::move(text), sqlite3_extended_errcode(db_));
}

int Connection::changes() const { return sqlite3_changes(db_); }
std::int64_t Connection::last_insert_id() const { return sqlite3_last_insert_rowid(db_); }
bool Connection::in_transaction() const { return sqlite3_get_autocommit(db_) == 0; }

// ---- Transaction ----

DbResult<Transaction> Transaction::begin(Connection& connection) {
  if (!connection.in_transaction()) {
    // IMMEDIATE takes the write lock now, so a busy file fails here and not
    // halfway through the work.
    auto begun = connection.execute("BEGIN IMMEDIATE");
    if (!begun) return unexpected(begun.error());
    connection.savepoint_depth_ = 0;
    return Transaction(&connection, 0);
  }
  const int depth = ++connection.savepoint_depth_;
  Transaction nested(&connection, depth);
  auto begun = connection.execute("SAVEPOINT " + nested.savepoint_name());
  if (!begun) {
    nested.open_ = false;
    --connection.savepoint_depth_;
    return unexpected(begun.error());
  }
  return nested;
}

Transaction::Transaction(Transaction&& other) noexcept
    : connection_(other.connection_), depth_(other.depth_), open_(std::exchange(other.open_, false)) {}

Transaction::~Transaction() { rollback(); }

std::string Transaction::savepoint_name() const { return "yz_sp_" + std::to_string(depth_); }

DbResult<Done> Transaction::commit() {
  if (!open_) return db_failure(DbErrorKind::conflict, "transaction already finished");
  if (depth_ == 0) {
    auto committed = connection_->execute("COMMIT");
    if (!committed) {
      rollback();
      return committed;
    }
  } else {
    auto released = connection_->execute("RELEASE " + savepoint_name());
    if (!released) {
      rollback();
      return released;
    }
    --connection_->savepoint_depth_;
  }
  open_ = false;
  return Done{};
}

void Transaction::rollback() {
  if (!open_) return;
  open_ = false;
  if (depth_ == 0) {
    // SQLite may already have rolled back on its own (IO error, disk full).
    if (connection_->in_transaction()) (void)connection_->execute("ROLLBACK");
    return;
  }
  (void)connection_->execute("ROLLBACK TO " + savepoint_name());
  (void)connection_->execute("RELEASE " + savepoint_name());
  --connection_->savepoint_depth_;
}

}  // namespace yunzi::db
