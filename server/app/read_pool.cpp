#include "server/app/read_pool.hpp"

#include "db/database.hpp"

namespace yunzi::app {

ReadPool::ReadPool(std::string database_path, std::size_t keep) : path_(std::move(database_path)), keep_(keep) {}

db::DbResult<std::unique_ptr<db::Connection>> ReadPool::acquire() {
  {
    std::lock_guard lock(mutex_);
    if (!idle_.empty()) {
      auto connection = std::move(idle_.back());
      idle_.pop_back();
      return connection;
    }
  }
  auto opened = db::open_reader(path_);
  if (!opened) return unexpected(opened.error());
  return std::make_unique<db::Connection>(std::move(*opened));
}

void ReadPool::release(std::unique_ptr<db::Connection> connection) {
  std::lock_guard lock(mutex_);
  if (idle_.size() < keep_) idle_.push_back(std::move(connection));
}

}  // namespace yunzi::app
