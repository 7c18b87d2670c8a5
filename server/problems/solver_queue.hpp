// One thread of its own for the life-and-death solver, fed by a bounded
// queue. The solver is CPU-bound (a move at most four questions' worth): on an io
// thread it would stall every connection and game served there, and an
// unbounded queue would let a crowd of players wait minutes for an answer.
// Beyond the bound a job is refused at once and the player is told to try
// again.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>

namespace yunzi::problems {

class SolverQueue {
 public:
  explicit SolverQueue(std::size_t limit);
  ~SolverQueue();
  SolverQueue(const SolverQueue&) = delete;
  SolverQueue& operator=(const SolverQueue&) = delete;

  // false, and `job` is dropped, when `limit` jobs wait already or the queue has stopped.
  bool submit(std::function<void()> job);
  // Lets the running job finish, drops the waiting ones (their requests are left unanswered, as at any shutdown)
  // and joins the thread.
  void stop();
  std::size_t waiting() const;

 private:
  void run();

  const std::size_t limit_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> jobs_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace yunzi::problems
