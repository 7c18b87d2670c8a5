#include "server/cluster/subscription_state.hpp"

#include <boost/asio/defer.hpp>
#include <utility>

#include "server/cluster/bus_core.hpp"
#include "server/cluster/nats_message.hpp"

namespace yunzi::cluster {

SubscriptionState::SubscriptionState(std::weak_ptr<BusCore> core, const boost::asio::any_io_executor& executor,
                                     MessageHandler handler, Delivery delivery)
    : core_(std::move(core)),
      delivery_(delivery),
      strand_(boost::asio::make_strand(executor)),
      handler_(std::move(handler)) {}

natsStatus SubscriptionState::subscribe(natsConnection* connection, const std::string& subject) {
  // Held throughout, so that a message or completion coming at once finds the handle set.
  std::lock_guard lock(mutex_);
  natsSubscription* subscription = nullptr;
  if (delivery_ == Delivery::on_read) {
    const natsStatus status = natsConnection_SubscribeSync(&subscription, connection, subject.c_str());
    if (status == NATS_OK) nats_ = subscription;
    return status;
  }
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
  static_cast<SubscriptionState*>(closure)->deliver(take_message(message));
}

void SubscriptionState::on_complete(void* closure) {
  auto* self = static_cast<SubscriptionState*>(closure);
  // The last thing done with the state on libnats's thread: the bus may drop it.
  if (auto core = self->core_.lock()) core->subscription_completed(self);
}

void SubscriptionState::take_arrived() {
  natsSubscription* subscription = nullptr;
  {
    std::lock_guard lock(mutex_);
    subscription = nats_;
  }
  if (subscription == nullptr) return;
  for (;;) {
    int messages = 0;
    int bytes = 0;
    if (natsSubscription_GetPending(subscription, &messages, &bytes) != NATS_OK || messages == 0) return;
    natsMsg* message = nullptr;
    const natsStatus status = natsSubscription_NextMsg(&message, subscription, 0);
    // A slow consumer is told once, before the next message.
    if (status == NATS_SLOW_CONSUMER) continue;
    if (status != NATS_OK) return;
    deliver(take_message(message));
  }
}

void SubscriptionState::deliver(BusMessage message) {
  auto core = core_.lock();
  if (!core) return;
  core->count_received();
  // Deferred, not posted: after a read the handler runs on this io thread
  // once the read is done, rather than waking another; from libnats's
  // delivery thread the two are the same.
  boost::asio::defer(strand_,
                     [core = std::move(core), self = shared_from_this(), message = std::move(message)]() mutable {
                       GatePass bus_open(core->gate());
                       if (!bus_open) return;
                       GatePass subscribed(self->gate_);
                       if (!subscribed) return;
                       self->handler_(std::move(message));
                       if (!self->gate_.is_open() || !core->gate().is_open()) self->take_handler_away();
                     });
}

void SubscriptionState::cancel() {
  gate_.close();
  release_handler();
  if (auto core = core_.lock()) core->discard(*this);
}

natsSubscription* SubscriptionState::take_handle() {
  std::lock_guard lock(mutex_);
  return std::exchange(nats_, nullptr);
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
