// Moves the write-ahead log back into the database file on a thread of its
// own. SQLite would otherwise checkpoint inside the writer's commit every
// 1000 pages, and a checkpoint syncs the file to disk: a pause of several
// milliseconds in the middle of the move path. PASSIVE checkpoints never
// block the writer.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "db/sqlite.hpp"

namespace yunzi::db {

class Checkpointer {
 public:
  // Takes over checkpointing of `writer`'s file; when a second connection
  // cannot be opened, leaves SQLite's own automatic checkpoints in place.
  Checkpointer(Connection& writer, std::chrono::milliseconds interval);
  Checkpointer(const Checkpointer&) = delete;
  ~Checkpointer();

  bool active() const { return thread_.joinable(); }
  std::uint64_t checkpoints() const;
  void stop();

 private:
  void run();

  std::chrono::milliseconds interval_;
  std::optional<Connection> connection_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::uint64_t checkpoints_ = 0;
  std::thread thread_;
};

}  // namespace yunzi::db
