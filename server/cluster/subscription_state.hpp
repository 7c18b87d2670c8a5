// One subscription as the bus and libnats share it (internal to
// server/cluster), its messages handed to the handler on a strand of the
// subscription's own. Delivery::on_read makes it a synchronous subscription
// of libnats, whose messages the bus takes after each read of the socket
// (BusSocket); Delivery::handed_over an asynchronous one, whose callbacks
// get a raw pointer to this state from the subscribe to the subscription's
// completion, so the bus keeps it alive until then.
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
  SubscriptionState(std::weak_ptr<BusCore> core, const boost::asio::any_io_executor& executor, MessageHandler handler,
                    Delivery delivery);

  Delivery delivery() const { return delivery_; }
  natsStatus subscribe(natsConnection* connection, const std::string& subject);
  // True when a failed subscribe still left libnats holding this state: the
  // connection closed between the subscribe and the completion callback's
  // registration, so nobody will say when libnats is done with it.
  bool stranded() const { return stranded_; }
  // With the connection in use (BusSocket::exclusive or a read): queues what
  // libnats holds for this subscription on the handler's strand.
  void take_arrived();

  // Unsubscribes; no handler call starts after it and one running on
  // another thread is waited for.
  void cancel();
  // Destroys the handler without waiting: for the bus's stop(), which has
  // closed the gate every call passes already.
  void drop_handler();
  // libnats's handle, once: for the bus, which destroys it.
  natsSubscription* take_handle();

 private:
  static void on_message(natsConnection* connection, natsSubscription* subscription, natsMsg* message, void* closure);
  static void on_complete(void* closure);
  void deliver(BusMessage message);
  // A handler that cancels its subscription or stops its bus is still
  // running: it is destroyed when it returns instead.
  void release_handler();
  void take_handler_away();

  // A handle may outlive its bus.
  const std::weak_ptr<BusCore> core_;
  const Delivery delivery_;
  // One strand per subscription keeps its messages in their order when
  // several threads run the executor.
  const boost::asio::strand<boost::asio::any_io_executor> strand_;
  CallbackGate gate_;
  std::mutex mutex_;
  // Called only inside the bus's gate and this one, replaced only under the
  // mutex once either gate is closed: so never both at once.
  MessageHandler handler_;
  // libnats's handle: set by subscribe before the bus lists the state, taken
  // by the bus under the connection's exclusive use.
  natsSubscription* nats_ = nullptr;
  bool stranded_ = false;
};

}  // namespace yunzi::cluster
