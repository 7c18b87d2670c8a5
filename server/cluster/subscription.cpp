#include "server/cluster/subscription.hpp"

#include "server/cluster/subscription_state.hpp"

namespace yunzi::cluster {

Subscription& Subscription::operator=(Subscription&& other) noexcept {
  if (this != &other) {
    cancel();
    state_ = std::move(other.state_);
  }
  return *this;
}

void Subscription::cancel() {
  if (!state_) return;
  // Taken first: a handler that cancels from inside itself finds the handle empty.
  auto state = std::move(state_);
  state->cancel();
}

}  // namespace yunzi::cluster
