// A subscription's handle: unsubscribes when cancelled or destroyed.
#pragma once

#include <memory>

namespace yunzi::cluster {

class SubscriptionState;

class Subscription {
 public:
  Subscription() = default;
  explicit Subscription(std::shared_ptr<SubscriptionState> state) : state_(std::move(state)) {}
  ~Subscription() { cancel(); }
  Subscription(Subscription&&) noexcept = default;
  Subscription& operator=(Subscription&& other) noexcept;
  Subscription(const Subscription&) = delete;
  Subscription& operator=(const Subscription&) = delete;

  // Once this returns the handler is not called again and has been
  // destroyed; a call running on another thread is waited for. Safe after
  // the bus stopped or went away, and from inside the handler itself.
  void cancel();
  bool active() const { return state_ != nullptr; }

 private:
  std::shared_ptr<SubscriptionState> state_;
};

}  // namespace yunzi::cluster
