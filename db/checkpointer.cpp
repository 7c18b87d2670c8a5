#include "db/checkpointer.hpp"

#include <sqlite3.h>

namespace yunzi::db {

Checkpointer::Checkpointer(Connection& writer, std::chrono::milliseconds interval) : interval_(interval) {
  if (!writer.sqlite_handle()) return;  // PostgreSQL checkpoints by itself
  const char* file = sqlite3_db_filename(writer.sqlite_handle(), "main");
  if (!file || !*file) return;  // an in-memory or temporary database
  auto own = open_sqlite(file, ConnectionOptions{});
  if (!own) return;
  connection_.emplace(std::move(*own));
  sqlite3_wal_autocheckpoint(writer.sqlite_handle(), 0);
  thread_ = std::thread([this] { run(); });
}

Checkpointer::~Checkpointer() { stop(); }

void Checkpointer::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_one();
  if (thread_.joinable()) thread_.join();
}

std::uint64_t Checkpointer::checkpoints() const {
  std::lock_guard lock(mutex_);
  return checkpoints_;
}

void Checkpointer::run() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    if (wake_.wait_for(lock, interval_, [this] { return stopping_; })) break;
    lock.unlock();
    // A busy or failed checkpoint is simply tried again next time: the WAL
    // keeps every commit safe meanwhile.
    const bool done = connection_->run_script("PRAGMA wal_checkpoint(PASSIVE)").has_value();
    lock.lock();
    if (done) ++checkpoints_;
  }
}

}  // namespace yunzi::db
