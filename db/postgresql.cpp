#include "db/postgresql.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <pqxx/pqxx>
#include <thread>

namespace yunzi::db {

DbErrorKind postgres_error_kind(std::string_view sqlstate) {
  if (sqlstate.size() != 5) return DbErrorKind::other;
  const std::string_view family = sqlstate.substr(0, 2);
  if (family == "23") return DbErrorKind::constraint;
  if (family == "22") return DbErrorKind::invalid_argument;  // bad text encoding, NUL in text, out of range
  if (family == "08" || family == "57" || family == "53" || family == "58") return DbErrorKind::io;
  if (family == "28") return DbErrorKind::cannot_open;  // authentication
  if (family == "3D") return DbErrorKind::cannot_open;  // no such database
  if (sqlstate == "40001" || sqlstate == "40P01") return DbErrorKind::conflict;
  if (sqlstate == "55P03") return DbErrorKind::locked;
  if (family == "XX") return DbErrorKind::corrupt;
  return DbErrorKind::other;
}

std::string postgres_numbered_parameters(std::string_view sql) {
  std::string out;
  out.reserve(sql.size() + 16);
  int highest = 0;
  // The end of a piece that goes through as it is (a literal, a quoted
  // name, a comment) starting at `i`, or npos when none starts there.
  const auto verbatim_end = [&](std::size_t i) -> std::size_t {
    const auto until = [&](std::string_view closing, std::size_t from, std::size_t past) {
      const std::size_t found = sql.find(closing, from);
      return found == std::string_view::npos ? sql.size() : found + past;
    };
    const char c = sql[i];
    const char next = i + 1 < sql.size() ? sql[i + 1] : '\0';
    const bool escape_string = c == '\'' && i > 0 && (sql[i - 1] == 'E' || sql[i - 1] == 'e') &&
                               (i < 2 || !(std::isalnum(static_cast<unsigned char>(sql[i - 2])) || sql[i - 2] == '_'));
    if (escape_string) {
      // A backslash takes the next character with it.
      std::size_t end = i + 1;
      while (end < sql.size() && sql[end] != '\'') end += sql[end] == '\\' ? 2 : 1;
      return std::min(end + 1, sql.size());
    }
    if (c == '\'' || c == '"') return until(std::string_view(&c, 1), i + 1, 1);
    if (c == '/' && next == '*') return until("*/", i + 2, 2);
    if (c == '-' && next == '-') return until("\n", i, 0);
    return std::string_view::npos;
  };
  for (std::size_t i = 0; i < sql.size(); ++i) {
    if (const std::size_t end = verbatim_end(i); end != std::string_view::npos) {
      out.append(sql.substr(i, end - i));
      i = end - 1;
    } else if (sql[i] == '?') {
      std::size_t digits = i + 1;
      while (digits < sql.size() && sql[digits] >= '0' && sql[digits] <= '9') ++digits;
      int number = ++highest;
      if (digits > i + 1) {
        std::from_chars(sql.data() + i + 1, sql.data() + digits, number);
        highest = std::max(highest - 1, number);
        i = digits - 1;
      }
      out += '$';
      out += std::to_string(number);
    } else {
      out += sql[i];
    }
  }
  return out;
}

namespace {

DbError error_from(const std::exception& failure, std::string_view context) {
  std::string message(context);
  message += ": ";
  message += failure.what();
  while (!message.empty() && message.back() == '\n') message.pop_back();
  if (const auto* sql = dynamic_cast<const pqxx::sql_error*>(&failure)) {
    return DbError{postgres_error_kind(sql->sqlstate()), 0, message + " (SQLSTATE " + sql->sqlstate() + ")"};
  }
  if (dynamic_cast<const pqxx::broken_connection*>(&failure)) return DbError{DbErrorKind::io, 0, message};
  return DbError{DbErrorKind::other, 0, message};
}

std::string hex_bytes(std::span<const std::uint8_t> bytes) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string text = "\\x";
  text.reserve(2 + bytes.size() * 2);
  for (const std::uint8_t b : bytes) {
    text += digits[b >> 4];
    text += digits[b & 0x0f];
  }
  return text;
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return 0;
}

// Advisory locks belong to the whole database: the second key is the
// schema's, so that schemas side by side (the tests' own) do not share them.
constexpr int migration_lock = 20261201;
constexpr int writer_lock = 20261202;

// How long a COMMIT cut off by a lost connection is settled for (the server restarting, a replica being promoted),
// and the pause between two tries.
constexpr std::chrono::seconds settle_time{10};
constexpr std::chrono::milliseconds settle_pause{200};

// The statement's kind for the engine's own record of the transaction.
enum class Control { none, begin, commit, rollback, rollback_to };

Control control_of(std::string_view sql) {
  const auto starts = [&](std::string_view word) {
    if (sql.size() < word.size()) return false;
    for (std::size_t i = 0; i < word.size(); ++i) {
      if (std::toupper(static_cast<unsigned char>(sql[i])) != word[i]) return false;
    }
    return true;
  };
  if (starts("BEGIN")) return Control::begin;
  if (starts("COMMIT")) return Control::commit;
  if (starts("ROLLBACK TO")) return Control::rollback_to;
  if (starts("ROLLBACK")) return Control::rollback;
  return Control::none;
}

// The connection is gone: the socket broke, or the server ended the
// session (its own shutdown or an administrator's, SQLSTATE 57P01..57P03).
// (A protocol error, 08P01, leaves the session alive.)
bool is_lost_connection(const std::exception& failure) {
  if (dynamic_cast<const pqxx::broken_connection*>(&failure)) return true;
  const auto* sql = dynamic_cast<const pqxx::sql_error*>(&failure);
  return sql && sql->sqlstate().starts_with("57P0");
}

class PostgresEngine final : public ConnectionEngine {
 public:
  PostgresEngine(std::string url, PostgresOptions options) : url_(std::move(url)), options_(options) {}

  // Connects, or connects again after the connection was lost: the server
  // restarted, or the network between them broke. Statements are prepared
  // again on the new connection as they are next used (`generation`).
  DbResult<Done> connect() {
    disconnect();
    try {
      connection_ = std::make_unique<pqxx::connection>(url_);
      work_ = std::make_unique<pqxx::nontransaction>(*connection_);
      // Notices (an index that exists already) are not the log's business. A writing connection also learns, in
      // the same round trip, which server process it reached: a transaction id given by an earlier process
      // (before a crash, or by the primary a replica replaced) may have been given again since
      // (`settle_lost_commit`).
      const pqxx::result session =
          work_->exec(std::string("SET client_min_messages = warning; SET client_encoding = 'UTF8'; "
                                  "SET bytea_output = 'hex'") +
                      (options_.read_only ? "; SET default_transaction_read_only = on"
                                          : "; SELECT pg_postmaster_start_time()::text"));
      if (!options_.read_only) server_started_ = session[0][0].c_str();
      if (options_.idle_transaction_limit_ms > 0) {
        work_->exec_params("SELECT set_config('idle_in_transaction_session_timeout', $1, false)",
                           std::to_string(options_.idle_transaction_limit_ms));
      }
      if (options_.sole_writer && !claim_writer_lock()) {
        disconnect();
        return db_failure(DbErrorKind::locked,
                          options_.writer_name.empty()
                              ? "another yunzi-server writes to this PostgreSQL database (a single node, or the "
                                "nodes of a cluster)"
                              : "another yunzi-server runs as node '" + options_.writer_name +
                                    "' on this database, or a single node holds it alone");
      }
    } catch (const std::exception& failure) {
      disconnect();
      DbError error{DbErrorKind::cannot_open, 0, std::string("cannot connect to PostgreSQL: ") + failure.what()};
      error.unreachable = true;
      return unexpected(std::move(error));
    }
    ++generation_;
    return Done{};
  }

  Engine engine() const override { return Engine::postgresql; }
  DbResult<std::unique_ptr<Cursor>> prepare(std::string_view sql) override;

  DbResult<Done> run_script(const std::string& sql) override {
    auto ran = run(sql, [&] { return work_->exec(sql); });
    if (!ran) return unexpected(ran.error());
    return Done{};
  }

  int changes() const override { return changes_; }

  DbResult<std::int64_t> last_insert_id() override {
    auto ran = run("SELECT lastval()", [&] { return work_->exec("SELECT lastval()"); });
    if (!ran) return unexpected(ran.error());
    std::int64_t id = 0;
    const char* text = (*ran)[0][0].c_str();
    std::from_chars(text, text + std::strlen(text), id);
    return id;
  }

  bool in_transaction() const override { return in_transaction_; }
  bool transaction_aborted() const override { return aborted_ || lost_transaction_; }
  // A writing connection learns its transaction's id as it begins (in the same round trip), so that a COMMIT cut
  // off by a lost connection can be settled afterwards (`settle_lost_commit`).
  std::string_view begin_statement() const override {
    return options_.read_only ? "BEGIN" : "BEGIN; SELECT txid_current()";
  }

  DbResult<int> schema_version() override {
    // Two statements: a query naming a table that does not exist fails to
    // plan even where it would not be read.
    auto exists = run("schema version", [&] { return work_->exec("SELECT to_regclass('yunzi_schema') IS NOT NULL"); });
    if (!exists) return unexpected(exists.error());
    if (std::string_view((*exists)[0][0].c_str()) != "t") return 0;
    auto ran = run("schema version", [&] { return work_->exec("SELECT COALESCE(MAX(version), 0) FROM yunzi_schema"); });
    if (!ran) return unexpected(ran.error());
    return std::atoi((*ran)[0][0].c_str());
  }

  DbResult<Done> set_schema_version(int version) override {
    return run_script(
        "CREATE TABLE IF NOT EXISTS yunzi_schema (version INTEGER NOT NULL); DELETE FROM yunzi_schema; "
        "INSERT INTO yunzi_schema (version) VALUES (" +
        std::to_string(version) + ")");
  }

  // Runs one exchange with the server and keeps the record of the transaction: after a failure every statement
  // fails until ROLLBACK (TO a savepoint), and the COMMIT of an aborted transaction is refused rather than quietly
  // rolled back. A lost connection fails as `io`, a transaction it cut short fails to its end, and the statement
  // after that connects again (db/README.md, "Two engines, one set of stores").
  template <class Exec>
  DbResult<pqxx::result> run(std::string_view sql, Exec exec, bool retry = true) {
    const Control control = control_of(sql);
    if (lost_transaction_) {
      if (control != Control::commit && control != Control::rollback) {
        return unreachable_failure("the connection to PostgreSQL was lost inside this transaction");
      }
      lost_transaction_ = false;
      note(control);
      if (control == Control::rollback) return pqxx::result();
      return unreachable_failure(
          "the connection to PostgreSQL was lost inside this transaction: nothing of it was stored");
    }
    if (control == Control::commit && aborted_) {
      roll_back_aborted();
      return db_failure(DbErrorKind::conflict, "COMMIT of a transaction a failed statement aborted");
    }
    if (!work_) {
      auto connected = connect();
      if (!connected) return unexpected(connected.error());
    }
    try {
      pqxx::result result = exec();
      changes_ = static_cast<int>(result.affected_rows());
      note(control);
      if (control == Control::begin) {
        transaction_id_.reset();
        if (!result.empty() && result.columns() == 1 && !result[0][0].is_null()) {
          transaction_id_ = std::atoll(result[0][0].c_str());
        }
      }
      return result;
    } catch (const std::exception& failure) {
      DbError error = error_from(failure, sql.substr(0, 200));
      const bool lost = is_lost_connection(failure);
      if (lost) {
        // libpq finds a closed connection only when it uses it. A BEGIN, or
        // anything on a read-only connection, changed nothing on the server,
        // so it is sent once more on a new connection: a server restart
        // between two transactions costs the players nothing.
        const bool harmless = control == Control::begin || (options_.read_only && !in_transaction_);
        lose_connection();
        if (harmless && retry) return run(sql, exec, false);
        error.kind = DbErrorKind::io;
        error.unreachable = true;
      } else if (in_transaction_) {
        aborted_ = true;
      } else if (control == Control::begin) {
        // BEGIN went through and what came with it failed (no transaction id on a standby): the server's
        // transaction is aborted, and nothing else would end it.
        roll_back_aborted();
      }
      if (control == Control::commit || control == Control::rollback) {
        // The statement that ends the transaction ended it, whatever else
        // happened: the server rolls back what a lost session left open. A
        // lost COMMIT may have been stored just before the loss; the caller
        // cannot know.
        lost_transaction_ = false;
        note(control);
        if (lost && control == Control::rollback) return pqxx::result();
        if (lost && control == Control::commit) {
          switch (settle_lost_commit()) {
            case Settled::stored: return pqxx::result();
            case Settled::not_stored:
              error.message += " (the connection was lost during COMMIT, and the transaction was not stored)";
              break;
            case Settled::unknown:
              error.message += " (the connection was lost during COMMIT: it may or may not have been stored)";
              error.outcome_unknown = true;
              break;
          }
        }
      }
      return unexpected(error);
    }
  }

  enum class Settled { stored, not_stored, unknown };

  // Whether the transaction whose COMMIT lost its connection was stored, asked of a new connection (to whichever
  // server takes writes: after a failover, the promoted replica). The question's own transaction comes first: on a
  // primary with a synchronous replica its commit waits until the replica has everything before it, so "stored"
  // means stored where a failover would find it. An id is never given twice by one server process, but a process
  // that came after a crash (or a promoted replica) gives again the ids whose work never reached its disk: there,
  // an id at or after the question's own was never stored, and another was given to this transaction alone only
  // when no other node writes (a single node). The server may be out of reach for a while (restarting, its replica
  // not yet promoted); the question is asked again for a few seconds, then left unknown.
  Settled settle_lost_commit() {
    if (!transaction_id_) return Settled::unknown;
    const std::int64_t id = *transaction_id_;
    const std::string began_on = server_started_;  // of the connection just lost, where the transaction began
    transaction_id_.reset();
    const auto give_up = std::chrono::steady_clock::now() + settle_time;
    do {
      if (connect()) {
        try {
          work_->exec("BEGIN");
          work_->exec("SET LOCAL statement_timeout = '5s'");
          const std::int64_t own = std::atoll(work_->exec("SELECT txid_current()")[0][0].c_str());
          work_->exec("COMMIT");
          if (server_started_ != began_on) {
            if (own <= id) return Settled::not_stored;
            if (!options_.writer_name.empty()) return Settled::unknown;
          }
          const pqxx::result status = work_->exec_params("SELECT txid_status($1::bigint)", std::to_string(id));
          const std::string_view said = status[0][0].is_null() ? "" : status[0][0].c_str();
          if (said == "committed") return Settled::stored;
          if (said == "aborted") return Settled::not_stored;
          // "in progress": the lost session has not ended yet on the server.
        } catch (const pqxx::sql_error& failure) {
          // 22023: an id this server never gave.
          if (failure.sqlstate() == "22023") return Settled::not_stored;
          disconnect();
        } catch (const std::exception&) {
          disconnect();
        }
      }
      std::this_thread::sleep_for(settle_pause);
    } while (std::chrono::steady_clock::now() < give_up);
    return Settled::unknown;
  }

  static Unexpected<DbError> unreachable_failure(std::string message) {
    DbError error{DbErrorKind::io, 0, std::move(message)};
    error.unreachable = true;
    return unexpected(std::move(error));
  }

  // The database's lock: a single node holds it alone, the nodes of a
  // cluster share it (so neither kind runs beside the other), and each
  // cluster node also holds the lock of its name alone. A refusal leaves
  // what was taken to the disconnect that follows.
  bool claim_writer_lock() {
    const pqxx::result tried =
        options_.writer_name.empty()
            ? work_->exec_params("SELECT pg_try_advisory_lock($1, hashtext(current_schema()))", writer_lock)
            : work_->exec_params(
                  "SELECT pg_try_advisory_lock_shared($1, hashtext(current_schema())) AND "
                  "pg_try_advisory_lock($1, hashtext(current_schema() || $2))",
                  writer_lock, "/" + options_.writer_name);
    return std::string_view(tried[0][0].c_str()) == "t";
  }

  // Prepares `name` on the current connection unless done already.
  void ensure_prepared(const std::string& name, const std::string& sql, int& prepared_in) {
    if (prepared_in == generation_) return;
    connection_->prepare(name, sql);
    prepared_in = generation_;
  }

  void roll_back_aborted() {
    try {
      if (work_) work_->exec("ROLLBACK");
    } catch (const std::exception&) {
      // The connection is gone, and the transaction with it.
      disconnect();
    }
    note(Control::rollback);
  }

  pqxx::nontransaction& work() { return *work_; }
  std::string next_statement_name() { return "yz" + std::to_string(++statements_); }

 private:
  void note(Control control) {
    switch (control) {
      case Control::begin:
        in_transaction_ = true;
        aborted_ = false;
        break;
      case Control::commit:
      case Control::rollback:
        in_transaction_ = false;
        aborted_ = false;
        break;
      case Control::rollback_to: aborted_ = false; break;
      case Control::none: break;
    }
  }

  // A connection that failed is never used again: libpqxx would quietly
  // reconnect it, without this engine's session settings and locks.
  void disconnect() {
    work_.reset();
    connection_.reset();
  }

  void lose_connection() {
    disconnect();
    if (in_transaction_) lost_transaction_ = true;
    aborted_ = false;
  }

  std::string url_;
  PostgresOptions options_;
  std::unique_ptr<pqxx::connection> connection_;
  std::unique_ptr<pqxx::nontransaction> work_;  // null while disconnected
  int generation_ = 0;                          // connections made so far
  int changes_ = 0;
  bool in_transaction_ = false;
  bool aborted_ = false;
  bool lost_transaction_ = false;
  std::optional<std::int64_t> transaction_id_;  // of the open transaction, on a writing connection
  std::string server_started_;                  // the connected server process's start time
  int statements_ = 0;
};

class PostgresCursor final : public Cursor {
 public:
  // `name` empty: a statement without parameters, sent as it is (BEGIN,
  // SAVEPOINT and the like cannot be prepared).
  PostgresCursor(PostgresEngine& engine, std::string name, std::string sql)
      : engine_(engine), name_(std::move(name)), sql_(std::move(sql)) {}

  void bind_integer(int index, std::int64_t value) override { slot(index) = std::to_string(value); }
  void bind_real(int index, double value) override {
    char buffer[32];
    const auto written = std::to_chars(buffer, buffer + sizeof buffer, value);
    slot(index) = std::string(buffer, written.ptr);
  }
  void bind_text(int index, std::string_view value) override {
    if (value.find('\0') != std::string_view::npos && !bind_error_) {
      bind_error_ = DbError{DbErrorKind::invalid_argument, 0, "a text value holds a NUL character"};
    }
    slot(index) = std::string(value);
  }
  void bind_blob(int index, std::span<const std::uint8_t> bytes) override { slot(index) = hex_bytes(bytes); }
  void bind_null(int index) override { slot(index).reset(); }

  DbResult<bool> step() override {
    if (bind_error_) return unexpected(*bind_error_);
    if (executed_) return ++row_ < static_cast<long>(result_.size());
    auto ran = engine_.run(sql_, [&] {
      if (name_.empty()) return engine_.work().exec(sql_);
      engine_.ensure_prepared(name_, sql_, prepared_in_);
      std::vector<const char*> values;
      values.reserve(params_.size());
      for (const auto& p : params_) values.push_back(p ? p->c_str() : nullptr);
      return engine_.work().exec_prepared(name_, pqxx::prepare::make_dynamic_params(values));
    });
    if (!ran) return unexpected(ran.error());
    result_ = std::move(*ran);
    executed_ = true;
    row_ = 0;
    return !result_.empty();
  }

  void reset() override {
    params_.clear();
    bind_error_.reset();
    result_ = pqxx::result();
    executed_ = false;
    row_ = 0;
  }

  bool is_null(int column) const override { return field(column).is_null(); }
  std::int64_t integer(int column) const override {
    const pqxx::field f = field(column);
    if (f.is_null()) return 0;
    const char* text = f.c_str();
    if (text[0] == 't') return 1;  // a boolean expression
    if (text[0] == 'f') return 0;
    std::int64_t value = 0;
    std::from_chars(text, text + f.size(), value);
    return value;
  }
  double real(int column) const override {
    const pqxx::field f = field(column);
    double value = 0.0;
    if (!f.is_null()) std::from_chars(f.c_str(), f.c_str() + f.size(), value);
    return value;
  }
  std::string text(int column) const override {
    const pqxx::field f = field(column);
    return f.is_null() ? std::string() : std::string(f.c_str(), f.size());
  }
  std::vector<std::uint8_t> blob(int column) const override {
    const pqxx::field f = field(column);
    std::vector<std::uint8_t> bytes;
    if (f.is_null()) return bytes;
    const std::string_view hex(f.c_str(), f.size());
    if (hex.size() < 2 || hex.substr(0, 2) != "\\x") return bytes;
    bytes.reserve((hex.size() - 2) / 2);
    for (std::size_t i = 2; i + 1 < hex.size(); i += 2) {
      bytes.push_back(static_cast<std::uint8_t>(hex_digit(hex[i]) * 16 + hex_digit(hex[i + 1])));
    }
    return bytes;
  }

 private:
  std::optional<std::string>& slot(int index) {
    if (static_cast<std::size_t>(index) > params_.size()) params_.resize(static_cast<std::size_t>(index));
    return params_[static_cast<std::size_t>(index) - 1];
  }
  pqxx::field field(int column) const { return result_[static_cast<pqxx::result::size_type>(row_)][column]; }

  PostgresEngine& engine_;
  std::string name_;
  std::string sql_;
  std::vector<std::optional<std::string>> params_;
  std::optional<DbError> bind_error_;
  pqxx::result result_;
  bool executed_ = false;
  long row_ = 0;
  int prepared_in_ = 0;  // the engine's connection generation it was prepared on
};

DbResult<std::unique_ptr<Cursor>> PostgresEngine::prepare(std::string_view sql) {
  std::string text = postgres_numbered_parameters(sql);
  // A text without parameters is sent as it is; the others are prepared on
  // the server at their first run (and again on a new connection).
  std::string name = text == sql ? std::string() : next_statement_name();
  return std::unique_ptr<Cursor>(std::make_unique<PostgresCursor>(*this, std::move(name), std::move(text)));
}

}  // namespace

DbResult<Connection> open_postgresql(const std::string& url, const PostgresOptions& options) {
  auto engine = std::make_unique<PostgresEngine>(url, options);
  if (auto connected = engine->connect(); !connected) return unexpected(connected.error());
  return Connection(std::move(engine));
}

DbResult<int> with_migration_lock(Connection& connection, const std::function<DbResult<int>()>& work) {
  auto locked =
      connection.execute("SELECT pg_advisory_lock(CAST(? AS INTEGER), hashtext(current_schema()))", migration_lock);
  if (!locked) return unexpected(locked.error());
  auto result = work();
  (void)connection.execute("SELECT pg_advisory_unlock(CAST(? AS INTEGER), hashtext(current_schema()))", migration_lock);
  return result;
}

}  // namespace yunzi::db
