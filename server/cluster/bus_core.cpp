#include "server/cluster/bus_core.hpp"

#include <algorithm>
#include <boost/asio/defer.hpp>
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

}  // namespace

BusCore::BusCore(boost::asio::any_io_executor executor, BusOptions options)
    : executor_(std::move(executor)),
      options_(std::move(options)),
      state_strand_(boost::asio::make_strand(executor_)),
      socket_(std::make_shared<BusSocket>(executor_)) {}

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
    inbox_complete_ = false;
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
  // The socket is read on the executor and written by the publishing thread: no thread of libnats's stands
  // between a message and its handler (bench/LOG.md, "The bus on the io threads").
  socket_->on_arrived([weak = weak_from_this()] {
    if (auto self = weak.lock()) self->take_arrived();
  });
  if (status == NATS_OK) status = socket_->install(settings);
  if (status == NATS_OK) status = natsOptions_SetSendAsap(settings, true);
  // The reply inbox (open_inbox) and the subscriptions handed over (Delivery::handed_over) are asynchronous: one
  // delivery thread serves them all, not a thread each.
  if (status == NATS_OK) status = natsOptions_UseGlobalMessageDelivery(settings, true);
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
  // Asynchronous, unlike the others: libnats tells a request that found no
  // responders by a status message, which a synchronous subscription's
  // NextMsg destroys before its subject, and so the request, can be read.
  status = natsConnection_Subscribe(&inbox_, connection_, subject.c_str(), on_answer, this);
  if (status == NATS_OK) status = natsSubscription_SetOnCompleteCB(inbox_, on_inbox_complete, this);
  if (status != NATS_OK && inbox_ != nullptr) {
    natsSubscription_Destroy(inbox_);
    inbox_ = nullptr;
  }
  return status;
}

Expected<std::shared_ptr<SubscriptionState>, BusError> BusCore::subscribe(const std::string& subject,
                                                                          MessageHandler handler, Delivery delivery) {
  if (!handler) return unexpected(BusError{BusErrorKind::invalid, "subscribe: no handler"});
  // Subscribed and listed under one hold of the mutex, which take_arrived()
  // needs too: a message parsed for the subscription is never missed.
  std::lock_guard lock(mutex_);
  if (phase_ != Phase::running) return unexpected(closed_error());
  auto state = std::make_shared<SubscriptionState>(weak_from_this(), executor_, std::move(handler), delivery);
  natsStatus status = NATS_CONNECTION_CLOSED;
  {
    std::shared_lock connection_lock(connection_mutex_);
    if (connection_ != nullptr) status = state->subscribe(connection_, subject);
  }
  if (status != NATS_OK) {
    if (state->stranded()) stranded_.push_back(state);
    return unexpected(bus_error(status, "subscribe to " + subject));
  }
  if (delivery == Delivery::on_read) {
    on_read_.push_back(state);
  } else {
    handed_over_.emplace(state.get(), state);
  }
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
  stats.socket_full = socket_->times_full();
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
    subscriptions = on_read_;
    for (const auto& [key, state] : handed_over_) subscriptions.push_back(state);
  }
  // Here, on the caller's thread, rather than whenever the last message
  // queued for a subscription lets go of it.
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
    {
      // Not while a read parses: libnats closes the socket without waiting for it.
      auto in_use = socket_->exclusive();
      // What was published is on the socket already, unless it was full.
      natsConnection_Close(connection);
    }
    {
      // The closed callback is the connection's last but for the
      // completions of the subscriptions libnats's delivery thread serves,
      // each after its last message: past this libnats calls nothing of this bus.
      std::unique_lock lock(mutex_);
      changed_.wait(lock, [&] { return closed_ && (inbox_ == nullptr || inbox_complete_) && handed_over_.empty(); });
    }
    std::vector<natsSubscription*> handles;
    {
      std::lock_guard lock(mutex_);
      for (const auto& state : on_read_) {
        if (auto* handle = state->take_handle()) handles.push_back(handle);
      }
      on_read_.clear();
      handles.insert(handles.end(), completed_handles_.begin(), completed_handles_.end());
      completed_handles_.clear();
      if (inbox_ != nullptr) handles.push_back(std::exchange(inbox_, nullptr));
    }
    auto in_use = socket_->exclusive();
    // Each frees the messages still queued in it.
    for (auto* handle : handles) natsSubscription_Destroy(handle);
    std::unique_lock lock(connection_mutex_);
    natsConnection_Destroy(connection_);
    connection_ = nullptr;
  }
  connected_.store(false);
  library_.reset();
}

void BusCore::discard(SubscriptionState& state) {
  {
    // One handed over stays listed until libnats completes it.
    std::lock_guard lock(mutex_);
    std::erase_if(on_read_, [&](const auto& listed) { return listed.get() == &state; });
  }
  natsSubscription* handle = state.take_handle();
  if (handle == nullptr) return;  // the bus stopped and destroyed it
  destroy(handle);
}

void BusCore::destroy(natsSubscription* subscription) {
  auto in_use = socket_->exclusive();
  natsSubscription_Unsubscribe(subscription);
  natsSubscription_Destroy(subscription);
}

void BusCore::take_arrived() {
  std::lock_guard lock(mutex_);
  for (const auto& state : on_read_) state->take_arrived();
}

void BusCore::subscription_completed(SubscriptionState* state) {
  std::shared_ptr<SubscriptionState> finished;
  {
    std::lock_guard lock(mutex_);
    auto found = handed_over_.find(state);
    if (found == handed_over_.end()) return;
    finished = std::move(found->second);
    handed_over_.erase(found);
    // Completed without a cancel (the connection closed): destroyed with it.
    if (auto* handle = finished->take_handle()) completed_handles_.push_back(handle);
    changed_.notify_all();
  }
  // Let go outside the lock: the last reference may go here.
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

void BusCore::on_answer(natsConnection*, natsSubscription*, natsMsg* message, void* closure) {
  static_cast<BusCore*>(closure)->answer(message);
}

void BusCore::on_inbox_complete(void* closure) {
  auto* self = static_cast<BusCore*>(closure);
  std::lock_guard lock(self->mutex_);
  self->inbox_complete_ = true;
  self->changed_.notify_all();
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
  std::uint64_t token = 0;
  if (first == last || std::from_chars(first, last, token).ptr != last) return;
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
  // Deferred: from an io thread it runs there once the current handler returns, rather than waking another.
  boost::asio::defer(executor_, [self = shared_from_this(), fn = std::move(fn)] {
    GatePass open(self->gate_);
    if (open) fn();
  });
}

void BusCore::post_failure(RequestCallback callback, BusError error) {
  boost::asio::post(executor_,
                    [callback = std::move(callback), error = std::move(error)] { callback(unexpected(error)); });
}

}  // namespace yunzi::cluster
