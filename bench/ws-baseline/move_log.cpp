#include "move_log.hpp"

#include <sqlite3.h>

#include <chrono>
#include <cstdio>
#include <stdexcept>

namespace {

constexpr const char* schema = R"sql(
CREATE TABLE IF NOT EXISTS games (
  id          INTEGER PRIMARY KEY,
  status      TEXT    NOT NULL,
  move_count  INTEGER NOT NULL,
  clock_state TEXT    NOT NULL
);
CREATE TABLE IF NOT EXISTS moves (
  game_id      INTEGER NOT NULL REFERENCES games(id),
  number       INTEGER NOT NULL,
  color        TEXT    NOT NULL,
  x            INTEGER,
  y            INTEGER,
  clock_ms     INTEGER,
  periods_left INTEGER,
  server_ms    INTEGER NOT NULL,
  PRIMARY KEY (game_id, number)
) WITHOUT ROWID;
)sql";

// The size and shape of the clock text yunzi writes with every move of a
// game without a clock (213 bytes at a one-digit count).
std::string clock_text(std::int64_t seq) {
  char text[320];
  std::snprintf(text, sizeof text,
                R"({"black":{"main_ms":0,"period_ms":0,"periods":0,"stones":0},"flagged":null,)"
                R"("lag_ms":{"black":10000,"white":10000},"running":"%s","seq":%lld,"system":"none",)"
                R"("white":{"main_ms":0,"period_ms":0,"periods":0,"stones":0}})",
                seq % 2 == 0 ? "black" : "white", static_cast<long long>(seq));
  return text;
}

std::int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace

MoveLog::MoveLog(const std::string& path) {
  check(sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr),
        "open");
  run("PRAGMA journal_mode = WAL");
  run("PRAGMA synchronous = NORMAL");
  run("PRAGMA foreign_keys = ON");
  run(schema);
  check(sqlite3_prepare_v2(db_, "BEGIN IMMEDIATE", -1, &begin_, nullptr), "prepare");
  check(sqlite3_prepare_v2(db_,
                           "UPDATE games SET move_count = ?, clock_state = ? "
                           "WHERE id = ? AND status = 'playing' AND move_count = ?",
                           -1, &count_move_, nullptr),
        "prepare");
  check(sqlite3_prepare_v2(db_,
                           "INSERT INTO moves (game_id, number, color, x, y, clock_ms, periods_left, server_ms) "
                           "VALUES (?, ?, ?, ?, ?, NULL, NULL, ?)",
                           -1, &insert_move_, nullptr),
        "prepare");
  check(sqlite3_prepare_v2(db_, "COMMIT", -1, &commit_, nullptr), "prepare");
  check(sqlite3_prepare_v2(db_, "INSERT INTO games (status, move_count, clock_state) VALUES ('playing', 0, ?)", -1,
                           &insert_game_, nullptr),
        "prepare");
  sqlite3_wal_autocheckpoint(db_, 0);
  checkpointer_ = std::thread([this, path] { checkpoint_until_stopped(path); });
}

void MoveLog::checkpoint_until_stopped(std::string path) {
  sqlite3* own = nullptr;
  if (sqlite3_open_v2(path.c_str(), &own, SQLITE_OPEN_READWRITE, nullptr) == SQLITE_OK) {
    std::unique_lock lock(stop_mutex_);
    while (!stop_.wait_for(lock, std::chrono::milliseconds(250), [this] { return stopping_; })) {
      lock.unlock();
      sqlite3_exec(own, "PRAGMA wal_checkpoint(PASSIVE)", nullptr, nullptr, nullptr);
      lock.lock();
    }
  }
  sqlite3_close(own);
}

MoveLog::~MoveLog() {
  {
    std::lock_guard lock(stop_mutex_);
    stopping_ = true;
  }
  stop_.notify_one();
  if (checkpointer_.joinable()) checkpointer_.join();
  for (sqlite3_stmt* statement : {begin_, count_move_, insert_move_, commit_, insert_game_}) {
    sqlite3_finalize(statement);
  }
  sqlite3_close(db_);
}

void MoveLog::run(const char* sql) { check(sqlite3_exec(db_, sql, nullptr, nullptr, nullptr), sql); }

void MoveLog::check(int code, const char* what) {
  if (code == SQLITE_OK || code == SQLITE_DONE || code == SQLITE_ROW) return;
  throw std::runtime_error(std::string(what) + ": " + (db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(code)));
}

std::int64_t MoveLog::add_game() {
  std::lock_guard lock(mutex_);
  const std::string clock = clock_text(0);
  sqlite3_reset(insert_game_);
  sqlite3_bind_text(insert_game_, 1, clock.data(), static_cast<int>(clock.size()), SQLITE_TRANSIENT);
  check(sqlite3_step(insert_game_), "insert game");
  const std::int64_t game = sqlite3_last_insert_rowid(db_);
  moves_made_[game] = 0;
  return game;
}

void MoveLog::commit_move(std::int64_t game) {
  std::lock_guard lock(mutex_);
  const std::int64_t number = moves_made_[game] + 1;
  const std::string clock = clock_text(number);
  sqlite3_reset(begin_);
  check(sqlite3_step(begin_), "begin");
  try {
    sqlite3_reset(count_move_);
    sqlite3_bind_int64(count_move_, 1, number);
    sqlite3_bind_text(count_move_, 2, clock.data(), static_cast<int>(clock.size()), SQLITE_STATIC);
    sqlite3_bind_int64(count_move_, 3, game);
    sqlite3_bind_int64(count_move_, 4, number - 1);
    check(sqlite3_step(count_move_), "update game");
    if (sqlite3_changes(db_) != 1) throw std::runtime_error("update game: no row in play");
    sqlite3_reset(insert_move_);
    sqlite3_bind_int64(insert_move_, 1, game);
    sqlite3_bind_int64(insert_move_, 2, number);
    sqlite3_bind_text(insert_move_, 3, number % 2 == 1 ? "B" : "W", 1, SQLITE_STATIC);
    sqlite3_bind_int(insert_move_, 4, static_cast<int>(number % 19));
    sqlite3_bind_int(insert_move_, 5, static_cast<int>(number / 19 % 19));
    sqlite3_bind_int64(insert_move_, 6, now_ms());
    check(sqlite3_step(insert_move_), "insert move");
    sqlite3_reset(commit_);
    check(sqlite3_step(commit_), "commit");
  } catch (...) {
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
  moves_made_[game] = number;
}
