#include "db/read_pool.hpp"

#include "db/database.hpp"

namespace yunzi::db {

namespace {

// The reader's connection, or null with `failure` set.
std::unique_ptr<Connection> open_reader_or(const DatabaseTarget& database, DbError& failure) {
  auto opened = open_reader(database);
  if (!opened) {
    failure = opened.error();
    return nullptr;
  }
  return std::make_unique<Connection>(std::move(*opened));
}

}  // namespace

ReadPool::ReadPool(DatabaseTarget database, std::size_t threads) : database_(std::move(database)) {
  for (std::size_t i = 0; i < (threads == 0 ? 1 : threads); ++i) threads_.emplace_back([this] { run(); });
}

ReadPool::~ReadPool() { stop(); }

void ReadPool::stop() {
  {
    std::lock_guard lock(mutex_);
    if (stopping_ && threads_.empty()) return;
    stopping_ = true;
  }
  wake_.notify_all();
  for (std::thread& thread : threads_) {
    if (thread.joinable()) thread.join();
  }
  threads_.clear();
}

void ReadPool::enqueue(Job job) {
  {
    std::lock_guard lock(mutex_);
    if (!stopping_) {
      jobs_.push_back(std::move(job));
      wake_.notify_one();
      return;
    }
  }
  const DbError stopped{DbErrorKind::stopped, 0, "the database readers have stopped"};
  job(nullptr, &stopped);
}

void ReadPool::run() {
  std::unique_ptr<Connection> connection;
  for (;;) {
    Job job;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
      if (jobs_.empty()) return;  // stopping, and everything queued has run
      job = std::move(jobs_.front());
      jobs_.pop_front();
    }
    if (!connection) {
      DbError failure;
      connection = open_reader_or(database_, failure);
      if (!connection) {
        job(nullptr, &failure);
        continue;
      }
    }
    job(connection.get(), nullptr);
  }
}

}  // namespace yunzi::db
