// The bare server's stand-in for yunzi's commit of a move: each frame is written to an SQLite file before its "ok"
// goes out, with the rows and the durability of yunzi's commit (WAL, synchronous=NORMAL, passive checkpoints every
// 250 ms on a thread of their own), on the io thread that read it. Written on SQLite's C API and sharing no code
// with yunzi, so that the baseline stays an independent yardstick.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>

struct sqlite3;
struct sqlite3_stmt;

class MoveLog {
 public:
  // Opens (creating) the file; throws std::runtime_error with SQLite's message.
  explicit MoveLog(const std::string& path);
  ~MoveLog();
  MoveLog(const MoveLog&) = delete;
  MoveLog& operator=(const MoveLog&) = delete;

  // A new game's row; the id the moves of that room are written under.
  std::int64_t add_game();
  // Commits the game's next move; throws std::runtime_error when SQLite fails.
  void commit_move(std::int64_t game);

 private:
  void run(const char* sql);
  void check(int code, const char* what);
  void checkpoint_until_stopped(std::string path);

  std::mutex mutex_;
  sqlite3* db_ = nullptr;
  sqlite3_stmt* begin_ = nullptr;
  sqlite3_stmt* count_move_ = nullptr;
  sqlite3_stmt* insert_move_ = nullptr;
  sqlite3_stmt* commit_ = nullptr;
  sqlite3_stmt* insert_game_ = nullptr;
  std::unordered_map<std::int64_t, std::int64_t> moves_made_;

  std::mutex stop_mutex_;
  std::condition_variable stop_;
  bool stopping_ = false;
  std::thread checkpointer_;
};
