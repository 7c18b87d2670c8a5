// Read-only database connections for queries off the hot path (profiles,
// game lists, SGF and diagram downloads, /healthz): WAL lets them read
// while the writer thread writes. A connection is taken for one call and
// given back; new ones are opened as needed and at most `keep` are kept.
#pragma once

#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "db/sqlite.hpp"
#include "db/sqlite_stores.hpp"
#include "db/stores.hpp"

namespace yunzi::app {

class ReadPool {
 public:
  explicit ReadPool(std::string database_path, std::size_t keep = 4);

  template <class T>
  db::DbResult<T> read(const std::function<db::DbResult<T>(db::Stores&)>& query) {
    auto connection = acquire();
    if (!connection) return unexpected(connection.error());
    db::DbResult<T> result = [&] {
      db::SqliteStores stores(**connection);
      return query(stores);
    }();
    release(std::move(*connection));
    return result;
  }

 private:
  db::DbResult<std::unique_ptr<db::Connection>> acquire();
  void release(std::unique_ptr<db::Connection> connection);

  std::string path_;
  std::size_t keep_;
  std::mutex mutex_;
  std::vector<std::unique_ptr<db::Connection>> idle_;
};

}  // namespace yunzi::app

