// The requests waiting for their answer, keyed by the token that ends their
// reply subject. An answer and a timeout race for each request from
// different threads (libnats's, the executor's); whoever takes it from here
// first completes it, and the other finds nothing.
#pragma once

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/expected.hpp"
#include "server/cluster/bus_types.hpp"

namespace yunzi::cluster {

using RequestCallback = std::function<void(Expected<std::string, BusError>)>;

class PendingRequests {
 public:
  struct Request {
    RequestCallback callback;
    std::chrono::steady_clock::time_point sent_at;
  };

  // Keeps the request and starts its timer on the executor: on_timeout gets
  // the token there if the timer fires before anyone takes the request.
  std::uint64_t add(RequestCallback callback, const boost::asio::any_io_executor& executor,
                    std::chrono::milliseconds timeout, std::function<void(std::uint64_t)> on_timeout);
  // The request, once: nullopt when it was taken already (answered, timed out, failed).
  std::optional<Request> take(std::uint64_t token);
  std::vector<Request> take_all();

 private:
  struct Entry {
    Request request;
    // Its own object per request: Asio timers are not safe to share
    // between threads, and this one is touched only under the mutex and
    // destroyed (which cancels it) by whoever takes the request.
    std::unique_ptr<boost::asio::steady_timer> timer;
  };

  std::mutex mutex_;
  std::uint64_t next_token_ = 0;
  std::unordered_map<std::uint64_t, Entry> entries_;
};

}  // namespace yunzi::cluster
