// At most N uses per key within a sliding window (reports per user and hour). A use is taken before the work it
// allows and given back when the work fails, so concurrent requests of one key cannot pass the quota together.
// Thread-safe (one mutex); keys with no use left in the window are swept now and then. In a cluster the nodes tell
// each other their uses (on_change, heard_take, heard_give_back: node::SharedLimits).
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <string>

namespace yunzi::session {

class WindowQuota {
 public:
  WindowQuota(std::size_t max_uses, std::int64_t window_ms) : max_uses_(max_uses), window_ms_(window_ms) {}

  std::size_t max_uses() const { return max_uses_; }

  // True (and the use counted at now_ms) when the key has room.
  bool try_take(std::int64_t key, std::int64_t now_ms);
  // Undoes a use taken at taken_ms (the work it allowed did not happen).
  void give_back(std::int64_t key, std::int64_t taken_ms);

  // Told of each use taken (`taken`) or given back here, outside the lock.
  using Listener = std::function<void(bool taken, std::int64_t key, std::int64_t at_ms)>;
  void on_change(Listener listener);
  // A use another node took or gave back: counted here, whatever the room
  // left (that node let it pass), and not told on.
  void heard_take(std::int64_t key, std::int64_t at_ms);
  void heard_give_back(std::int64_t key, std::int64_t taken_ms);

 private:
  void sweep(std::int64_t now_ms);                       // with the lock held
  bool remove(std::int64_t key, std::int64_t taken_ms);  // with the lock held

  const std::size_t max_uses_;
  const std::int64_t window_ms_;
  std::mutex mutex_;
  std::map<std::int64_t, std::deque<std::int64_t>> uses_;  // per key, oldest first
  std::size_t takes_since_sweep_ = 0;
  Listener listener_;
};

// A quota the nodes of a cluster count together, under a name that is the same on every node.
struct SharedQuota {
  std::string name;
  WindowQuota& quota;
};

}  // namespace yunzi::session
