// At most N uses per key within a sliding window (reports per user and
// hour). A use is taken before the work it allows and given back when that
// work fails, so concurrent requests of one key cannot pass the quota
// together. Thread-safe: one mutex; the key's past uses are forgotten as
// they leave the window, and keys with none left are swept now and then, so
// the map holds only the keys active within the window.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <mutex>

namespace yunzi::app {

class WindowQuota {
 public:
  WindowQuota(std::size_t max_uses, std::int64_t window_ms) : max_uses_(max_uses), window_ms_(window_ms) {}

  std::size_t max_uses() const { return max_uses_; }

  // True (and the use counted at now_ms) when the key has room.
  bool try_take(std::int64_t key, std::int64_t now_ms);
  // Undoes a use taken at taken_ms (the work it allowed did not happen).
  void give_back(std::int64_t key, std::int64_t taken_ms);

 private:
  const std::size_t max_uses_;
  const std::int64_t window_ms_;
  std::mutex mutex_;
  std::map<std::int64_t, std::deque<std::int64_t>> uses_;  // per key, oldest first
  std::size_t takes_since_sweep_ = 0;
};

}  // namespace yunzi::app
