#include "server/session/window_quota.hpp"

#include <algorithm>

namespace yunzi::app {

bool WindowQuota::try_take(std::int64_t key, std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  // Every so many takes, keys whose uses all left the window go.
  if (++takes_since_sweep_ >= 1024) {
    takes_since_sweep_ = 0;
    std::erase_if(
        uses_, [&](const auto& entry) { return entry.second.empty() || entry.second.back() <= now_ms - window_ms_; });
  }
  std::deque<std::int64_t>& uses = uses_[key];
  while (!uses.empty() && uses.front() <= now_ms - window_ms_) uses.pop_front();
  if (uses.size() >= max_uses_) return false;
  uses.push_back(now_ms);
  return true;
}

void WindowQuota::give_back(std::int64_t key, std::int64_t taken_ms) {
  std::lock_guard lock(mutex_);
  auto it = uses_.find(key);
  if (it == uses_.end()) return;
  std::deque<std::int64_t>& uses = it->second;
  if (auto use = std::find(uses.rbegin(), uses.rend(), taken_ms); use != uses.rend()) uses.erase(std::next(use).base());
  if (uses.empty()) uses_.erase(it);
}

}  // namespace yunzi::app
