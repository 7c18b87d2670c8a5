// What a Bus is behind its public face (internal to server/cluster): the
// libnats connection, its callbacks, the shared reply inbox, the pending
// requests and the counters. Shared with every callback queued on the
// executor, so that one still queued when the Bus goes away finds the gate
// closed instead of freed memory.
#pragma once

#include <nats/nats.h>

#include <atomic>
#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/strand.hpp>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/expected.hpp"
#include "server/cluster/bus_types.hpp"
#include "server/cluster/callback_gate.hpp"
#include "server/cluster/nats_library.hpp"
#include "server/cluster/pending_requests.hpp"
#include "server/cluster/retired_subscriptions.hpp"
#include "server/cluster/subscription_state.hpp"

namespace yunzi::cluster {

using StateHandler = std::function<void(bool connected)>;

class BusCore : public std::enable_shared_from_this<BusCore> {
 public:
  BusCore(boost::asio::any_io_executor executor, BusOptions options);
  BusCore(const BusCore&) = delete;
  BusCore& operator=(const BusCore&) = delete;

  Expected<Done, std::string> start();
  Expected<std::shared_ptr<SubscriptionState>, BusError> subscribe(const std::string& subject, MessageHandler handler);
  Expected<Done, BusError> publish(const std::string& subject, std::string_view data);
  void request(const std::string& subject, std::string_view data, std::chrono::milliseconds timeout,
               RequestCallback callback);
  bool connected() const { return connected_.load(); }
  void on_state_change(StateHandler handler);
  BusStats stats() const;
  void stop();

  // For the subscriptions.
  CallbackGate& gate() { return gate_; }
  void count_received() { received_.fetch_add(1, std::memory_order_relaxed); }
  // libnats's handle of a subscription that completed, to destroy once safe.
  void retire(natsSubscription* subscription);
  void subscription_completed(SubscriptionState* state);

 private:
  enum class Phase { idle, starting, running, stopping, stopped };

  // libnats's callbacks, each on one of its threads; the closure is the core.
  static void on_connected(natsConnection* connection, void* closure);
  static void on_reconnected(natsConnection* connection, void* closure);
  static void on_disconnected(natsConnection* connection, void* closure);
  static void on_closed(natsConnection* connection, void* closure);
  static void on_answer(natsConnection* connection, natsSubscription* subscription, natsMsg* message, void* closure);
  static void on_inbox_complete(void* closure);
  static std::int64_t on_reconnect_delay(natsConnection* connection, int round, void* closure);

  Expected<Done, std::string> connect();
  natsStatus open_inbox();
  // Closes the connection, waits until libnats is done with this bus, and
  // destroys the connection; the library use ends with it.
  void tear_down();
  void connection_changed(bool up);
  // Under the mutex, so that reports reach the strand in the order of the changes.
  void report_locked(bool up);
  void answer(natsMsg* message);
  void expire(std::uint64_t token);
  void fail_pending(BusErrorKind kind, const std::string& why);
  void record_round_trip(std::chrono::steady_clock::duration elapsed);
  // Runs fn on the executor unless the bus stops first.
  void post_gated(std::function<void()> fn);
  // For errors found before a request started: posted whatever the bus's
  // state, since the caller asked after (or while) it stopped.
  void post_failure(RequestCallback callback, BusError error);

  const boost::asio::any_io_executor executor_;
  const BusOptions options_;
  // State changes run in the order libnats reported them.
  const boost::asio::strand<boost::asio::any_io_executor> state_strand_;
  bool reported_up_ = false;  // on the state strand only
  CallbackGate gate_;

  mutable std::mutex mutex_;
  std::condition_variable changed_;
  Phase phase_ = Phase::idle;
  StateHandler state_handler_;
  std::unordered_map<SubscriptionState*, std::shared_ptr<SubscriptionState>> live_;
  // Subscriptions libnats may still call although subscribing failed
  // (SubscriptionState::stranded): kept as long as the bus.
  std::vector<std::shared_ptr<SubscriptionState>> stranded_;
  natsSubscription* inbox_ = nullptr;
  bool closed_ = false;  // libnats said the connection is closed

  // The connection lives from start() to the end of stop(); publishers
  // share it, and only stop() destroys it.
  mutable std::shared_mutex connection_mutex_;
  natsConnection* connection_ = nullptr;
  std::optional<NatsLibraryUse> library_;
  std::string inbox_prefix_;  // _INBOX.<nuid>, set before the bus runs

  RetiredSubscriptions retired_;
  PendingRequests pending_;
  std::atomic<bool> connected_{false};
  std::atomic<std::uint64_t> published_{0};
  std::atomic<std::uint64_t> received_{0};
  std::atomic<std::uint64_t> reconnects_{0};
  std::atomic<std::uint64_t> requests_sent_{0};
  std::atomic<std::uint64_t> requests_timed_out_{0};
  std::atomic<std::uint64_t> requests_no_responders_{0};
  std::atomic<std::int64_t> last_rtt_us_{0};
  std::atomic<std::int64_t> max_rtt_us_{0};
};

}  // namespace yunzi::cluster
