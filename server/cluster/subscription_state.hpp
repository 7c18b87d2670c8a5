// One subscription as the bus and libnats share it (internal to
// server/cluster). libnats holds a raw pointer to it as its callbacks'
// closure from the subscribe to the subscription's completion, so the bus
// keeps it alive until then, even after the handle is gone.
#pragma once

#include <nats/nats.h>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/strand.hpp>
#include <functional>
#include <memory>
#include <mutex>
#include <string>

#include "server/cluster/bus_types.hpp"
#include "server/cluster/callback_gate.hpp"

namespace yunzi::cluster {

class BusCore;
using MessageHandler = std::function<void(BusMessage)>;

class SubscriptionState : public std::enable_shared_from_this<SubscriptionState> {
 public:
  SubscriptionState(BusCore& core, const boost::asio::any_io_executor& executor, MessageHandler handler);

  natsStatus subscribe(natsConnection* connection, const std::string& subject);
  // True when a failed subscribe still left libnats holding this state: the
  // connection closed between the subscribe and the completion callback's
  // registration, so nobody will say when libnats is done with it.
  bool stranded() const { return stranded_; }

  // Unsubscribes; no handler call starts after it and one running on
  // another thread is waited for.
  void cancel();
  // Destroys the handler without waiting: for the bus's stop(), which has
  // closed the gate every call passes already.
  void drop_handler();

 private:
  static void on_message(natsConnection* connection, natsSubscription* subscription, natsMsg* message, void* closure);
  static void on_complete(void* closure);
  void deliver(BusMessage message);
  // A handler that cancels its subscription or stops its bus is still
  // running: it is destroyed when it returns instead.
  void release_handler();
  void take_handler_away();

  // Alive until the subscription completes: the bus's stop() waits for that.
  BusCore& core_;
  // One strand per subscription keeps its messages in their order when
  // several threads run the executor.
  const boost::asio::strand<boost::asio::any_io_executor> strand_;
  CallbackGate gate_;
  std::mutex mutex_;
  // Called only inside the bus's gate and this one, replaced only under the
  // mutex once either gate is closed: so never both at once.
  MessageHandler handler_;
  // libnats's handle, under the mutex: set by subscribe (which holds the
  // mutex so that a completion coming at once waits for it), handed to the
  // bus at completion.
  natsSubscription* nats_ = nullptr;
  bool stranded_ = false;
};

}  // namespace yunzi::cluster
