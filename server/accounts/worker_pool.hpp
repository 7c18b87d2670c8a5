// A fixed number of threads for slow, CPU-bound work (password hashing),
// so it never runs on the caller's thread. Tasks run in submission order
// across the pool; shutdown finishes every queued task first.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace yunzi::accounts {

class WorkerPool {
 public:
  explicit WorkerPool(std::size_t threads);
  WorkerPool(const WorkerPool&) = delete;
  ~WorkerPool();

  // Returns false (and drops the task) once the pool is shutting down.
  bool post(std::function<void()> task);
  void shutdown();
  std::size_t size() const { return threads_.size(); }

 private:
  void run();

  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> tasks_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace yunzi::accounts
