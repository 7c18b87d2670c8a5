#include "server/problems/solver_queue.hpp"

#include <utility>

namespace yunzi::problems {

SolverQueue::SolverQueue(std::size_t limit) : limit_(limit), thread_([this] { run(); }) {}

SolverQueue::~SolverQueue() { stop(); }

bool SolverQueue::submit(std::function<void()> job) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_ || jobs_.size() >= limit_) return false;
    jobs_.push_back(std::move(job));
  }
  wake_.notify_one();
  return true;
}

void SolverQueue::stop() {
  std::deque<std::function<void()>> dropped;
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    dropped.swap(jobs_);
  }
  wake_.notify_one();
  if (thread_.joinable()) thread_.join();
}

std::size_t SolverQueue::waiting() const {
  std::lock_guard lock(mutex_);
  return jobs_.size();
}

void SolverQueue::run() {
  for (;;) {
    std::function<void()> job;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
      if (stopping_) return;
      job = std::move(jobs_.front());
      jobs_.pop_front();
    }
    job();
  }
}

}  // namespace yunzi::problems
