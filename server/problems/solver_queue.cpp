#include "server/problems/solver_queue.hpp"

#include <optional>
#include <utility>

namespace yunzi::problems {

SolverQueue::SolverQueue(std::size_t limit, std::size_t per_owner)
    : limit_(limit), per_owner_(per_owner), thread_([this] { run(); }) {}

SolverQueue::~SolverQueue() { stop(); }

bool SolverQueue::submit(Owner owner, std::function<void()> job) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_ || jobs_.size() >= limit_) return false;
    std::size_t& owned = owned_[owner];
    if (owned >= per_owner_) return false;
    ++owned;
    jobs_.push_back(Job{owner, std::move(job)});
  }
  wake_.notify_one();
  return true;
}

void SolverQueue::stop() {
  std::deque<Job> dropped;
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    dropped.swap(jobs_);
    for (const Job& job : dropped) release(job.owner);
  }
  wake_.notify_one();
  if (thread_.joinable()) thread_.join();
}

std::size_t SolverQueue::waiting() const {
  std::lock_guard lock(mutex_);
  return jobs_.size();
}

void SolverQueue::release(Owner owner) {
  const auto found = owned_.find(owner);
  if (found != owned_.end() && --found->second == 0) owned_.erase(found);
}

void SolverQueue::run() {
  for (;;) {
    std::optional<Job> job;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
      if (stopping_) return;
      job = std::move(jobs_.front());
      jobs_.pop_front();
    }
    job->run();
    std::lock_guard lock(mutex_);
    release(job->owner);
  }
}

}  // namespace yunzi::problems
