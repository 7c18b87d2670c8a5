// One thread of its own for the life-and-death solver, fed by a bounded
// queue. The solver is CPU-bound (a move at most four questions' worth): on an io
// thread it would stall every connection and game served there, and an
// unbounded queue would let a crowd of players wait minutes for an answer.
// Beyond the bound a job is refused at once and the player is told to try
// again. Each job has an owner (the player or admin who asked), and one owner
// may have only a few jobs waiting or running, so that one account's many
// connections cannot fill the queue for everyone else.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <unordered_map>

namespace yunzi::problems {

class SolverQueue {
 public:
  using Owner = std::int64_t;

  SolverQueue(std::size_t limit, std::size_t per_owner);
  ~SolverQueue();
  SolverQueue(const SolverQueue&) = delete;
  SolverQueue& operator=(const SolverQueue&) = delete;

  // false, and `job` is dropped, when `limit` jobs wait already, `owner` has `per_owner` jobs waiting or
  // running, or the queue has stopped.
  bool submit(Owner owner, std::function<void()> job);
  // Lets the running job finish, drops the waiting ones (their requests are left unanswered, as at any shutdown)
  // and joins the thread.
  void stop();
  std::size_t waiting() const;

 private:
  struct Job {
    Owner owner;
    std::function<void()> run;
  };
  void run();
  void release(Owner owner);  // with the mutex held

  const std::size_t limit_;
  const std::size_t per_owner_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Job> jobs_;
  std::unordered_map<Owner, std::size_t> owned_;  // jobs waiting or running, per owner
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace yunzi::problems
