// What the bus's tests share: an io_context run by threads of its own (the
// executor the bus calls back on), a thread-safe mailbox for what the
// callbacks saw, bounded waits, and a started nats-server with a bus on it.
#pragma once

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "server/cluster/bus.hpp"
#include "tests/support/nats_server.hpp"
#include "tests/support/wait.hpp"

namespace yunzi::cluster::testing {

using namespace std::chrono_literals;

// Two threads by default, as a server runs its io_context: the bus must
// keep a subscription's messages in order even so.
class Executor {
 public:
  explicit Executor(int threads = 2);
  ~Executor();
  Executor(const Executor&) = delete;
  Executor& operator=(const Executor&) = delete;

  boost::asio::any_io_executor get() { return io_.get_executor(); }
  boost::asio::io_context& context() { return io_; }
  // True on one of this executor's threads.
  bool runs_here() const;
  // Returns once everything posted before it has been taken up by a thread
  // of the executor (false after the timeout).
  bool drain(std::chrono::milliseconds timeout = 5s);

 private:
  boost::asio::io_context io_;
  boost::asio::executor_work_guard<boost::asio::io_context::executor_type> work_;
  std::vector<std::thread> threads_;
};

template <class T>
class Mailbox {
 public:
  void push(T value) {
    std::lock_guard lock(mutex_);
    items_.push_back(std::move(value));
    arrived_.notify_all();
  }
  // The oldest item, waiting up to the timeout for one.
  std::optional<T> next(std::chrono::milliseconds timeout = 10s) {
    std::unique_lock lock(mutex_);
    if (!arrived_.wait_for(lock, timeout, [&] { return !items_.empty(); })) return std::nullopt;
    T value = std::move(items_.front());
    items_.pop_front();
    return value;
  }
  std::size_t size() const {
    std::lock_guard lock(mutex_);
    return items_.size();
  }

 private:
  mutable std::mutex mutex_;
  std::condition_variable arrived_;
  std::deque<T> items_;
};

// Polls the condition until it holds or the timeout passes.
inline bool wait_until(const std::function<bool()>& condition, std::chrono::milliseconds timeout = 10s) {
  return test_support::wait_until(condition, timeout);
}

BusOptions options_for(const test_support::NatsServer& nats, const std::string& name = "test-node");

// A request's outcome as the test thread reads it.
using Answer = Expected<std::string, BusError>;
// Sends one request and waits for its callback (nullopt if it never came).
std::optional<Answer> ask(Bus& bus, const std::string& subject, const std::string& data,
                          std::chrono::milliseconds timeout);
// Asks until the subject has a responder (another connection's subscription
// reaches the server on its own time) or the deadline passes.
bool wait_for_responder(Bus& bus, const std::string& subject, const std::string& probe = "probe",
                        std::chrono::milliseconds deadline = 10s);

}  // namespace yunzi::cluster::testing
