#include "server/session/window_quota.hpp"

#include <algorithm>

namespace yunzi::session {

// Every so many takes, keys whose uses all left the window go.
void WindowQuota::sweep(std::int64_t now_ms) {
  if (++takes_since_sweep_ < 1024) return;
  takes_since_sweep_ = 0;
  std::erase_if(uses_,
                [&](const auto& entry) { return entry.second.empty() || entry.second.back() <= now_ms - window_ms_; });
}

bool WindowQuota::try_take(std::int64_t key, std::int64_t now_ms) {
  Listener told;
  {
    std::lock_guard lock(mutex_);
    sweep(now_ms);
    std::deque<std::int64_t>& uses = uses_[key];
    while (!uses.empty() && uses.front() <= now_ms - window_ms_) uses.pop_front();
    if (uses.size() >= max_uses_) return false;
    uses.push_back(now_ms);
    told = listener_;
  }
  if (told) told(true, key, now_ms);
  return true;
}

bool WindowQuota::remove(std::int64_t key, std::int64_t taken_ms) {
  auto it = uses_.find(key);
  if (it == uses_.end()) return false;
  std::deque<std::int64_t>& uses = it->second;
  auto use = std::find(uses.rbegin(), uses.rend(), taken_ms);
  if (use == uses.rend()) return false;
  uses.erase(std::next(use).base());
  if (uses.empty()) uses_.erase(it);
  return true;
}

void WindowQuota::give_back(std::int64_t key, std::int64_t taken_ms) {
  Listener told;
  {
    std::lock_guard lock(mutex_);
    if (!remove(key, taken_ms)) return;
    told = listener_;
  }
  if (told) told(false, key, taken_ms);
}

void WindowQuota::on_change(Listener listener) {
  std::lock_guard lock(mutex_);
  listener_ = std::move(listener);
}

// Another node's clock: its use goes where its time puts it, so the oldest
// still leave the window first.
void WindowQuota::heard_take(std::int64_t key, std::int64_t at_ms) {
  std::lock_guard lock(mutex_);
  sweep(at_ms);
  std::deque<std::int64_t>& uses = uses_[key];
  uses.insert(std::upper_bound(uses.begin(), uses.end(), at_ms), at_ms);
}

void WindowQuota::heard_give_back(std::int64_t key, std::int64_t taken_ms) {
  std::lock_guard lock(mutex_);
  remove(key, taken_ms);
}

}  // namespace yunzi::session
