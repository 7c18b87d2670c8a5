#include "server/cluster/bus_core.hpp"

#include <algorithm>
#include <boost/asio/post.hpp>
#include <charconv>
#include <climits>
#include <random>
#include <utility>

#include "server/cluster/nats_message.hpp"
#include "server/cluster/reconnect_delay.hpp"

namespace yunzi::cluster {
namespace {

using std::chrono::milliseconds;

Expected<Done, std::string> check(const BusOptions& options) {
  if (options.urls.empty()) return unexpected(std::string("no NATS server URL"));
  for (const auto& url : options.urls) {
    if (url.empty()) return unexpected(std::string("an empty NATS server URL"));
  }
  if (options.connect_timeout <= milliseconds(0)) return unexpected(std::string("connect_timeout must be positive"));
  if (options.reconnect_wait <= milliseconds(0)) return unexpected(std::string("reconnect_wait must be positive"));
  if (options.reconnect_wait_max < options.reconnect_wait) {
    return unexpected(std::string("reconnect_wait_max must not be below reconnect_wait"));
  }
  return Done{};
}

// libnats asks for reconnect delays from its own threads.
double random_fraction() {
  thread_local std::mt19937 generator{std::random_device{}()};
  return std::uniform_real_distribution<double>(0.0, 1.0)(generator);
}

BusError closed_error() { return BusError{BusErrorKind::closed, "the bus is not running"}; }

// Starts the last token of the subjects the bus sends to its own inbox to
// retire subscriptions; requests' tokens are plain numbers.
constexpr char kRetireMark = 's';

// How long stop() lets libnats hand over what its subscriptions hold and
// flush what was published; past it the connection is closed regardless.
constexpr std::int64_t kDrainTimeoutMs = 2000;

}  // namespace

BusCore::BusCore(boost::asio::any_io_executor executor, BusOptions options)
    : executor_(std::move(executor)),
      options_(std::move(options)),
      state_strand_(boost::asio::make_strand(executor_)) {}

Expected<Done, std::string> BusCore::start() {
  {
    std::lock_guard lock(mutex_);
    if (phase_ == Phase::stopped) return unexpected(std::string("the bus was stopped"));
    if (phase_ != Phase::idle) return unexpected(std::string("the bus is started already"));
    phase_ = Phase::starting;
  }
  auto connected = connect();
  std::lock_guard lock(mutex_);
  // A failed start leaves nothing behind, so it may be tried again.
  phase_ = connected ? Phase::running : Phase::idle;
  changed_.notify_all();
  return connected;
}

Expected<Done, std::string> BusCore::connect() {
  if (auto valid = check(options_); !valid) return valid;
  auto library = NatsLibraryUse::acquire();
  if (!library) return unexpected(library.error());
  {
    std::lock_guard lock(mutex_);
    closed_ = false;
  }

  std::vector<const char*> urls;
  for (const auto& url : options_.urls) urls.push_back(url.c_str());
  natsOptions* settings = nullptr;
  natsStatus status = natsOptions_Create(&settings);
  if (status == NATS_OK) status = natsOptions_SetServers(settings, urls.data(), static_cast<int>(urls.size()));
  if (status == NATS_OK && !options_.name.empty()) status = natsOptions_SetName(settings, options_.name.c_str());
  if (status == NATS_OK) status = natsOptions_SetTimeout(settings, options_.connect_timeout.count());
  // A node must outlive any outage of NATS: it keeps trying, and it may
  // start before NATS does.
  if (status == NATS_OK) status = natsOptions_SetMaxReconnect(settings, -1);
  if (status == NATS_OK) status = natsOptions_SetRetryOnFailedConnect(settings, true, on_connected, this);
  if (status == NATS_OK) status = natsOptions_SetCustomReconnectDelay(settings, on_reconnect_delay, this);
  if (status == NATS_OK) status = natsOptions_SetDisconnectedCB(settings, on_disconnected, this);
  if (status == NATS_OK) status = natsOptions_SetReconnectedCB(settings, on_reconnected, this);
  if (status == NATS_OK) status = natsOptions_SetClosedCB(settings, on_closed, this);
  // Each message is handed on to the executor at once, so one delivery thread serves every subscription (a node
  // subscribes once per game it runs) instead of a thread each; and what is published goes out on the publishing
  // thread rather than waking the library's flusher: bench/LOG.md, "The bus's threads".
  if (status == NATS_OK) status = natsOptions_UseGlobalMessageDelivery(settings, true);
  if (status == NATS_OK) status = natsOptions_SetSendAsap(settings, true);
  natsConnection* connection = nullptr;
  if (status == NATS_OK) status = natsConnection_Connect(&connection, settings);
  // Not connected yet is fine: libnats goes on trying in the background.
  const bool failed = status != NATS_OK && status != NATS_NOT_YET_CONNECTED;
  const std::string why = failed ? describe(status) : std::string();
  natsOptions_Destroy(settings);  // the connection keeps its own copy
  if (failed) return unexpected("cannot use the NATS settings: " + why);

  {
    std::unique_lock lock(connection_mutex_);
    connection_ = connection;
  }
  library_ = std::move(library.value());
  status = open_inbox();
  if (status != NATS_OK) {
    const std::string inbox_why = describe(status);
    tear_down();
    return unexpected("cannot subscribe to the reply inbox: " + inbox_why);
  }
  {
    // Under the mutex that orders state reports: a disconnect reported
    // meanwhile has already left the status, and is reported after this.
    std::lock_guard lock(mutex_);
    if (natsConnection_Status(connection) == NATS_CONN_STATUS_CONNECTED) report_locked(true);
  }
  return Done{};
}

natsStatus BusCore::open_inbox() {
  natsInbox* inbox = nullptr;
  natsStatus status = natsInbox_Create(&inbox);
  if (status != NATS_OK) return status;
  inbox_prefix_ = inbox;
  natsInbox_Destroy(inbox);
  // One subscription for the answers to every request of this bus, each
  // told apart by the token that ends its reply subject.
  const std::string subject = inbox_prefix_ + ".*";
  std::lock_guard lock(mutex_);
  status = natsConnection_Subscribe(&inbox_, connection_, subject.c_str(), on_answer, this);
  if (status == NATS_OK) status = natsSubscription_SetOnCompleteCB(inbox_, on_inbox_complete, this);
  if (status != NATS_OK && inbox_ != nullptr) {
    natsSubscription_Destroy(inbox_);
    inbox_ = nullptr;
  }
  return status;
}

Expected<std::shared_ptr<SubscriptionState>, BusError> BusCore::subscribe(const std::string& subject,
                                                                          MessageHandler handler) {
  if (!handler) return unexpected(BusError{BusErrorKind::invalid, "subscribe: no handler"});
  // The mutex keeps stop() from closing the connection between the
  // subscribe and the registration of the completion callback.
  std::lock_guard lock(mutex_);
  if (phase_ != Phase::running) return unexpected(closed_error());
  auto state = std::make_shared<SubscriptionState>(*this, executor_, std::move(handler));
  natsStatus status = NATS_CONNECTION_CLOSED;
  {
    std::shared_lock connection_lock(connection_mutex_);
    if (connection_ != nullptr) status = state->subscribe(connection_, subject);
  }
  if (status != NATS_OK) {
    if (state->stranded()) stranded_.push_back(state);
    return unexpected(bus_error(status, "subscribe to " + subject));
  }
  live_.emplace(state.get(), state);
  return state;
}

Expected<Done, BusError> BusCore::publish(const std::string& subject, std::string_view data) {
  if (data.size() > static_cast<std::size_t>(INT_MAX)) {
    return unexpected(BusError{BusErrorKind::invalid, "publish: the payload is too large"});
  }
  natsStatus status = NATS_CONNECTION_CLOSED;
  {
    std::shared_lock lock(connection_mutex_);
    if (connection_ != nullptr) {
      status = natsConnection_Publish(connection_, subject.c_str(), data.data(), static_cast<int>(data.size()));
    }
  }
  if (status != NATS_OK) return unexpected(bus_error(status, "publish to " + subject));
  published_.fetch_add(1, std::memory_order_relaxed);
  return Done{};
}

void BusCore::request(const std::string& subject, std::string_view data, milliseconds timeout,
                      RequestCallback callback) {
  if (!callback) return;
  {
    std::lock_guard lock(mutex_);
    // closed_ while running: libnats gave up on the connection by itself.
    if (phase_ != Phase::running || closed_) return post_failure(std::move(callback), closed_error());
  }
  if (data.size() > static_cast<std::size_t>(INT_MAX)) {
    return post_failure(std::move(callback), BusError{BusErrorKind::invalid, "request: the payload is too large"});
  }
  // The answer could not come back through a connection that is down; the
  // caller hears it now rather than at its timeout.
  if (!connected_.load()) {
    return post_gated([callback = std::move(callback)] {
      callback(unexpected(BusError{BusErrorKind::disconnected, "not connected to NATS"}));
    });
  }
  const std::uint64_t token = pending_.add(std::move(callback), executor_, std::max(timeout, milliseconds(0)),
                                           [weak = weak_from_this()](std::uint64_t expired) {
                                             if (auto self = weak.lock()) self->expire(expired);
                                           });
  const std::string reply = inbox_prefix_ + "." + std::to_string(token);
  natsStatus status = NATS_CONNECTION_CLOSED;
  {
    std::shared_lock lock(connection_mutex_);
    if (connection_ != nullptr) {
      status = natsConnection_PublishRequest(connection_, subject.c_str(), reply.c_str(), data.data(),
                                             static_cast<int>(data.size()));
    }
  }
  if (status == NATS_OK) {
    requests_sent_.fetch_add(1, std::memory_order_relaxed);
    published_.fetch_add(1, std::memory_order_relaxed);
    return;
  }
  if (auto failed = pending_.take(token)) {
    post_gated([callback = std::move(failed->callback), error = bus_error(status, "request to " + subject)] {
      callback(unexpected(error));
    });
  }
}

void BusCore::on_state_change(StateHandler handler) {
  std::lock_guard lock(mutex_);
  state_handler_ = std::move(handler);
}

BusStats BusCore::stats() const {
  BusStats stats;
  stats.published = published_.load(std::memory_order_relaxed);
  stats.received = received_.load(std::memory_order_relaxed);
  stats.reconnects = reconnects_.load(std::memory_order_relaxed);
  stats.requests_sent = requests_sent_.load(std::memory_order_relaxed);
  stats.requests_timed_out = requests_timed_out_.load(std::memory_order_relaxed);
  stats.requests_no_responders = requests_no_responders_.load(std::memory_order_relaxed);
  stats.last_request_rtt_us = last_rtt_us_.load(std::memory_order_relaxed);
  stats.max_request_rtt_us = max_rtt_us_.load(std::memory_order_relaxed);
  return stats;
}

void BusCore::stop() {
  {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return phase_ != Phase::starting; });
    if (phase_ == Phase::idle) phase_ = Phase::stopped;
    if (phase_ == Phase::stopped) return;
    if (phase_ == Phase::stopping) {
      // That stop waits for this very callback to return: waiting here would never end.
      if (gate_.entered_here()) return;
      changed_.wait(lock, [&] { return phase_ == Phase::stopped; });
      return;
    }
    phase_ = Phase::stopping;
  }
  gate_.close();
  // Neither answered nor failed: the callers asked for no callback after stop().
  pending_.take_all();
  std::vector<std::shared_ptr<SubscriptionState>> subscriptions;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [key, state] : live_) subscriptions.push_back(state);
  }
  // Here, on the caller's thread: a handler's captures must not be
  // destroyed on one of libnats's threads when its subscription completes.
  for (const auto& state : subscriptions) state->drop_handler();
  subscriptions.clear();
  tear_down();
  std::lock_guard lock(mutex_);
  phase_ = Phase::stopped;
  changed_.notify_all();
}

void BusCore::tear_down() {
  natsConnection* connection = nullptr;
  {
    std::shared_lock lock(connection_mutex_);
    connection = connection_;
  }
  if (connection != nullptr) {
    // Draining unsubscribes, hands every message already received to its
    // handler (which the closed gate drops), flushes what was published and
    // closes. Beside leaving nothing in libnats's queues, this matters for
    // libnats 3.4: messages still queued in a subscription are freed by its
    // last reference, which may be let go after the library closed, and
    // then leak. Only a connected connection can drain.
    if (natsConnection_DrainTimeout(connection, kDrainTimeoutMs) != NATS_OK) natsConnection_Close(connection);
    {
      // The closed callback is the connection's last, and each
      // subscription's completion comes after its last message handler:
      // past this point libnats calls nothing of this bus.
      std::unique_lock lock(mutex_);
      changed_.wait(lock, [&] { return closed_ && live_.empty() && inbox_ == nullptr; });
    }
    // The reader thread is joined: every subscription may go.
    retired_.destroy_all();
    std::unique_lock lock(connection_mutex_);
    natsConnection_Destroy(connection_);
    connection_ = nullptr;
  }
  connected_.store(false);
  library_.reset();
}

void BusCore::subscription_completed(SubscriptionState* state) {
  std::lock_guard lock(mutex_);
  live_.erase(state);
  changed_.notify_all();
}

void BusCore::on_connected(natsConnection*, void* closure) { static_cast<BusCore*>(closure)->connection_changed(true); }

void BusCore::on_reconnected(natsConnection*, void* closure) {
  auto* self = static_cast<BusCore*>(closure);
  self->reconnects_.fetch_add(1, std::memory_order_relaxed);
  self->connection_changed(true);
}

void BusCore::on_disconnected(natsConnection*, void* closure) {
  auto* self = static_cast<BusCore*>(closure);
  self->connection_changed(false);
  self->fail_pending(BusErrorKind::disconnected, "lost the connection to NATS");
}

void BusCore::on_closed(natsConnection*, void* closure) {
  auto* self = static_cast<BusCore*>(closure);
  self->connected_.store(false);
  self->fail_pending(BusErrorKind::closed, "the connection to NATS is closed");
  std::lock_guard lock(self->mutex_);
  self->closed_ = true;
  self->changed_.notify_all();
}

void BusCore::on_inbox_complete(void* closure) {
  auto* self = static_cast<BusCore*>(closure);
  natsSubscription* finished = nullptr;
  {
    std::lock_guard lock(self->mutex_);
    finished = self->inbox_;
  }
  // Retired before the bus hears it is done: stop() destroys the retired next.
  self->retire(finished);
  std::lock_guard lock(self->mutex_);
  self->inbox_ = nullptr;
  self->changed_.notify_all();
}

void BusCore::retire(natsSubscription* subscription) {
  if (subscription == nullptr) return;
  const std::uint64_t number = retired_.add(subscription);
  // Lost with a dropped connection, it is covered by the next one, or by stop().
  const std::string subject = inbox_prefix_ + "." + kRetireMark + std::to_string(number);
  std::shared_lock lock(connection_mutex_);
  if (connection_ != nullptr) natsConnection_Publish(connection_, subject.c_str(), nullptr, 0);
}

void BusCore::on_answer(natsConnection*, natsSubscription*, natsMsg* message, void* closure) {
  static_cast<BusCore*>(closure)->answer(message);
}

std::int64_t BusCore::on_reconnect_delay(natsConnection*, int round, void* closure) {
  const auto& options = static_cast<BusCore*>(closure)->options_;
  return reconnect_delay(round, options.reconnect_wait, options.reconnect_wait_max, random_fraction()).count();
}

void BusCore::connection_changed(bool up) {
  std::lock_guard lock(mutex_);
  report_locked(up);
}

void BusCore::report_locked(bool up) {
  connected_.store(up);
  boost::asio::post(state_strand_, [self = shared_from_this(), up] {
    GatePass open(self->gate_);
    if (!open) return;
    // libnats may say "connected" twice (the first connection seen both by
    // start() and by its callback); the handler hears changes only.
    if (up == self->reported_up_) return;
    self->reported_up_ = up;
    StateHandler handler;
    {
      std::lock_guard lock(self->mutex_);
      handler = self->state_handler_;
    }
    if (handler) handler(up);
  });
}

void BusCore::answer(natsMsg* message) {
  const bool no_responders = natsMsg_IsNoResponders(message);
  const BusMessage answer = take_message(message);
  const auto dot = answer.subject.rfind('.');
  if (dot == std::string::npos) return;
  const char* first = answer.subject.data() + dot + 1;
  const char* last = answer.subject.data() + answer.subject.size();
  const bool retiring = first != last && *first == kRetireMark;
  if (retiring) ++first;
  std::uint64_t token = 0;
  if (first == last || std::from_chars(first, last, token).ptr != last) return;
  if (retiring) return retired_.destroy_through(token);
  auto request = pending_.take(token);
  if (!request) return;  // answered after its timeout, or twice
  if (no_responders) {
    requests_no_responders_.fetch_add(1, std::memory_order_relaxed);
    return post_gated([callback = std::move(request->callback)] {
      callback(unexpected(BusError{BusErrorKind::no_responders, "nobody subscribes to the subject"}));
    });
  }
  record_round_trip(std::chrono::steady_clock::now() - request->sent_at);
  post_gated([callback = std::move(request->callback), data = answer.data] { callback(data); });
}

void BusCore::expire(std::uint64_t token) {
  auto request = pending_.take(token);
  if (!request) return;
  requests_timed_out_.fetch_add(1, std::memory_order_relaxed);
  GatePass open(gate_);
  if (!open) return;
  request->callback(unexpected(BusError{BusErrorKind::timeout, "no answer in time"}));
}

void BusCore::fail_pending(BusErrorKind kind, const std::string& why) {
  for (auto& request : pending_.take_all()) {
    post_gated([callback = std::move(request.callback), error = BusError{kind, why}] { callback(unexpected(error)); });
  }
}

void BusCore::record_round_trip(std::chrono::steady_clock::duration elapsed) {
  const std::int64_t us = std::chrono::duration_cast<std::chrono::microseconds>(elapsed).count();
  last_rtt_us_.store(us, std::memory_order_relaxed);
  std::int64_t max = max_rtt_us_.load(std::memory_order_relaxed);
  while (us > max && !max_rtt_us_.compare_exchange_weak(max, us, std::memory_order_relaxed)) {
  }
}

void BusCore::post_gated(std::function<void()> fn) {
  boost::asio::post(executor_, [self = shared_from_this(), fn = std::move(fn)] {
    GatePass open(self->gate_);
    if (open) fn();
  });
}

void BusCore::post_failure(RequestCallback callback, BusError error) {
  boost::asio::post(executor_,
                    [callback = std::move(callback), error = std::move(error)] { callback(unexpected(error)); });
}

}  // namespace yunzi::cluster
