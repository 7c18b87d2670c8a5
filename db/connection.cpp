#include "db/connection.hpp"

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
    case DbErrorKind::not_owner: return "not_owner";
    case DbErrorKind::other: return "other";
  }
  return "other";
}

std::string_view to_string(Engine engine) { return engine == Engine::sqlite ? "sqlite" : "postgresql"; }

// ---- Row ----

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

Query::Query(Cursor* cursor, std::unique_ptr<Cursor> owned) : cursor_(cursor), owned_(std::move(owned)) {
  cursor_->in_use = true;
}

Query::Query(Query&& other) noexcept
    : cursor_(std::exchange(other.cursor_, nullptr)), owned_(std::move(other.owned_)) {}

Query::~Query() {
  if (!cursor_) return;
  cursor_->reset();
  cursor_->in_use = false;
}

// ---- Connection ----

Connection& Connection::operator=(Connection&& other) noexcept {
  if (this != &other) {
    close();
    engine_ = std::move(other.engine_);
    cache_ = std::move(other.cache_);
    savepoint_depth_ = other.savepoint_depth_;
  }
  return *this;
}

Connection::~Connection() { close(); }

void Connection::close() {
  cache_.clear();  // statements go before the connection they belong to
  engine_.reset();
}

DbResult<Query> Connection::prepare(std::string_view sql) {
  auto found = cache_.find(sql);
  if (found != cache_.end() && !found->second->in_use) return Query(found->second.get(), nullptr);

  auto prepared = engine_->prepare(sql);
  if (!prepared) return unexpected(prepared.error());
  Cursor* pointer = prepared->get();
  if (found != cache_.end()) {
    // The cached copy is running (a query nested inside its own loop): this
    // use gets a cursor of its own that dies with the Query.
    return Query(pointer, std::move(*prepared));
  }
  cache_.emplace(std::string(sql), std::move(*prepared));
  return Query(pointer, nullptr);
}

DbResult<Done> Connection::run_to_end(Query& query) {
  for (;;) {
    auto stepped = query.step();
    if (!stepped) return unexpected(stepped.error());
    if (!*stepped) return Done{};
  }
}

// ---- Transaction ----

DbResult<Transaction> Transaction::begin(Connection& connection) {
  if (!connection.in_transaction()) {
    auto begun = connection.execute(connection.engine_->begin_statement());
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
    // The engine may already have rolled back on its own (SQLite on an IO
    // error or a full disk, PostgreSQL on a failed COMMIT).
    if (connection_->in_transaction()) (void)connection_->execute("ROLLBACK");
    return;
  }
  (void)connection_->execute("ROLLBACK TO " + savepoint_name());
  (void)connection_->execute("RELEASE " + savepoint_name());
  --connection_->savepoint_depth_;
}

}  // namespace yunzi::db
