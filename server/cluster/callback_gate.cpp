#include "server/cluster/callback_gate.hpp"

#include <algorithm>
#include <vector>

namespace yunzi::cluster {
namespace {

// The gates this thread is inside, innermost last (a handler of one bus may
// run inside nothing else, but a test may nest executors).
thread_local std::vector<const CallbackGate*> entered_gates;

int entered_by_this_thread(const CallbackGate* gate) {
  return static_cast<int>(std::count(entered_gates.begin(), entered_gates.end(), gate));
}

}  // namespace

bool CallbackGate::enter() {
  std::lock_guard lock(mutex_);
  if (!open_) return false;
  ++inside_;
  entered_gates.push_back(this);
  return true;
}

void CallbackGate::leave() {
  std::lock_guard lock(mutex_);
  auto found = std::find(entered_gates.rbegin(), entered_gates.rend(), this);
  if (found != entered_gates.rend()) entered_gates.erase(std::next(found).base());
  --inside_;
  // Under the lock: whoever closed the gate may free it once it sees nobody inside.
  left_.notify_all();
}

void CallbackGate::close() {
  const int own = entered_by_this_thread(this);
  std::unique_lock lock(mutex_);
  open_ = false;
  left_.wait(lock, [&] { return inside_ <= own; });
}

bool CallbackGate::is_open() const {
  std::lock_guard lock(mutex_);
  return open_;
}

bool CallbackGate::entered_here() const { return entered_by_this_thread(this) > 0; }

}  // namespace yunzi::cluster
