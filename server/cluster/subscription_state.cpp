#include "server/cluster/subscription_state.hpp"

#include <boost/asio/post.hpp>
#include <utility>

#include "server/cluster/bus_core.hpp"
#include "server/cluster/nats_message.hpp"

namespace yunzi::cluster {

SubscriptionState::SubscriptionState(BusCore& core, const boost::asio::any_io_executor& executor,
                                     MessageHandler handler)
    : core_(core), strand_(boost::asio::make_strand(executor)), handler_(std::move(handler)) {}

natsStatus SubscriptionState::subscribe(natsConnection* connection, const std::string& subject) {
  std::lock_guard lock(mutex_);
  natsSubscription* subscription = nullptr;
  natsStatus status = natsConnection_Subscribe(&subscription, connection, subject.c_str(), on_message, this);
  if (status != NATS_OK) return status;
  status = natsSubscription_SetOnCompleteCB(subscription, on_complete, this);
  if (status != NATS_OK) {
    stranded_ = true;
    natsSubscription_Destroy(subscription);
    return status;
  }
  nats_ = subscription;
  return NATS_OK;
}

void SubscriptionState::on_message(natsConnection*, natsSubscription*, natsMsg* message, void* closure) {
  auto* self = static_cast<SubscriptionState*>(closure);
  self->deliver(take_message(message));
}

void SubscriptionState::deliver(BusMessage message) {
  core_.count_received();
  // On libnats's delivery thread: nothing of the user's runs here, the
  // handler waits for the executor.
  boost::asio::post(
      strand_, [core = core_.shared_from_this(), self = shared_from_this(), message = std::move(message)]() mutable {
        GatePass bus_open(core->gate());
        if (!bus_open) return;
        GatePass subscribed(self->gate_);
        if (!subscribed) return;
        self->handler_(std::move(message));
        if (!self->gate_.is_open() || !core->gate().is_open()) self->take_handler_away();
      });
}

void SubscriptionState::on_complete(void* closure) {
  auto* self = static_cast<SubscriptionState*>(closure);
  natsSubscription* finished = nullptr;
  {
    std::lock_guard lock(self->mutex_);
    std::swap(finished, self->nats_);
  }
  self->core_.retire(finished);
  // The last thing done with the state here: the bus may drop it.
  self->core_.subscription_completed(self);
}

void SubscriptionState::cancel() {
  gate_.close();
  release_handler();
  std::lock_guard lock(mutex_);
  // The completion retires the handle; after a stop it is gone already.
  if (nats_ != nullptr) natsSubscription_Unsubscribe(nats_);
}

void SubscriptionState::drop_handler() { release_handler(); }

void SubscriptionState::release_handler() {
  if (!gate_.entered_here()) take_handler_away();
}

void SubscriptionState::take_handler_away() {
  MessageHandler handler;
  {
    std::lock_guard lock(mutex_);
    handler.swap(handler_);
  }
  // Destroyed outside the lock: what it captured may cancel this very subscription.
}

}  // namespace yunzi::cluster
