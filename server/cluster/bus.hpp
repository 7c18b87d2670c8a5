// The NATS bus between the nodes of a cluster: publish and subscribe,
// request and reply, over one libnats connection that keeps reconnecting.
// Every callback runs on the executor the bus is given, never on one of
// libnats's threads; delivery is at most once (see README.md).
#pragma once

#include <boost/asio/any_io_executor.hpp>
#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "core/expected.hpp"
#include "server/cluster/bus_types.hpp"
#include "server/cluster/subscription.hpp"

namespace yunzi::cluster {

class BusCore;

class Bus {
 public:
  using MessageHandler = std::function<void(BusMessage)>;
  using RequestCallback = std::function<void(Expected<std::string, BusError>)>;
  using StateHandler = std::function<void(bool connected)>;

  // The executor's context must outlive the bus.
  Bus(boost::asio::any_io_executor executor, BusOptions options);
  ~Bus();  // stop()
  Bus(const Bus&) = delete;
  Bus& operator=(const Bus&) = delete;

  // Connects, or goes on trying in the background when no server answers
  // yet: an error only for settings libnats refuses (no URL, a malformed
  // one). The first attempt may take connect_timeout per URL.
  Expected<Done, std::string> start();

  // Messages on the subject (wildcards `*` and `>` allowed) go to the
  // handler, in their order, one at a time. Needs a started bus; the
  // subscription lives through reconnections until the handle is cancelled
  // or destroyed.
  Expected<Subscription, BusError> subscribe(const std::string& subject, MessageHandler handler);
  // Handed to the connection; while disconnected, libnats holds it in its
  // reconnect buffer (8 MB) and sends it after the reconnection.
  Expected<Done, BusError> publish(const std::string& subject, std::string_view data);
  // The answer to a message that asked for one (reply_to set).
  Expected<Done, BusError> reply(const BusMessage& message, std::string_view data);
  // The callback gets the answer, or why there is none, exactly once; it
  // never blocks the calling thread. After stop() it is never called.
  void request(const std::string& subject, std::string_view data, std::chrono::milliseconds timeout,
               RequestCallback callback);

  bool connected() const;
  // Called with true each time the bus gets connected (the first time
  // included) and false each time it loses the connection, in that order.
  void on_state_change(StateHandler handler);
  // Readable from any thread.
  BusStats stats() const;

  // Flushes what was published, closes the connection and waits until no
  // callback of this bus runs or will run (one running on another thread is
  // waited for; a callback may stop its own bus). Pending requests are
  // dropped without their callback. The bus cannot be started again.
  void stop();

 private:
  std::shared_ptr<BusCore> core_;
};

}  // namespace yunzi::cluster
