// Read-only database connections for queries off the hot path (profiles,
// game lists, SGF and diagram downloads, admin listings): WAL lets them read
// while the writer thread writes. Queries run on the pool's own reader
// threads, each with its own connection, so an io thread that asks for a
// profile goes on serving its games while SQLite reads (or waits out a busy
// lock of up to 5 s). `read` waits for its query, for start-up.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "db/database.hpp"
#include "db/sql_stores.hpp"
#include "db/stores.hpp"

namespace yunzi::db {

class ReadPool {
 public:
  explicit ReadPool(DatabaseTarget database, std::size_t threads = 2);
  ~ReadPool();
  ReadPool(const ReadPool&) = delete;
  ReadPool& operator=(const ReadPool&) = delete;

  // Runs `query` on a reader thread and then `done` there with its result.
  // After stop(), `done` is called at once on the caller's thread with
  // DbErrorKind::stopped.
  template <class T>
  void submit(std::function<DbResult<T>(Stores&)> query, std::function<void(DbResult<T>)> done) {
    enqueue([query = std::move(query), done = std::move(done)](Connection* connection, const DbError* failure) {
      if (failure) return done(unexpected(*failure));
      SqlStores stores(*connection);
      done(query(stores));
    });
  }

  // Runs `query` on a reader thread and waits for it (never call it from
  // a completion of submit: it would wait on its own thread).
  template <class T>
  DbResult<T> read(std::function<DbResult<T>(Stores&)> query) {
    std::promise<DbResult<T>> answer;
    auto result = answer.get_future();
    submit<T>(std::move(query), [&answer](DbResult<T> r) { answer.set_value(std::move(r)); });
    return result.get();
  }

  // Runs what is queued, then joins the reader threads; later submissions
  // fail at once. Call it before anything the completions use is destroyed.
  void stop();

 private:
  // `failure` is set when no connection could be opened (or after stop()).
  using Job = std::function<void(Connection*, const DbError* failure)>;
  void enqueue(Job job);
  void run();

  DatabaseTarget database_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Job> jobs_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;  // last: they start after every other member exists
};

}  // namespace yunzi::db
