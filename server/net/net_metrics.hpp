// Counters of the network layer for /metrics. Updated with relaxed atomics
// from any io thread; render() gives Prometheus text lines.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

namespace yunzi::net {

struct NetMetrics {
  std::atomic<std::int64_t> connections_open{0};
  std::atomic<std::uint64_t> connections_total{0};
  std::atomic<std::uint64_t> frames_in{0};
  std::atomic<std::uint64_t> frames_out{0};
  std::atomic<std::uint64_t> bytes_in{0};
  std::atomic<std::uint64_t> bytes_out{0};
  std::atomic<std::uint64_t> messages_rate_limited{0};
  std::atomic<std::uint64_t> closed_overflow{0};
  std::atomic<std::uint64_t> closed_flood{0};
  std::atomic<std::uint64_t> closed_too_big{0};
  std::atomic<std::uint64_t> closed_idle{0};
  std::atomic<std::uint64_t> http_requests{0};

  std::string render() const;
};

// Shorthand for the relaxed increments every counter uses.
template <class Counter>
void bump(Counter& counter, std::uint64_t by = 1) {
  counter.fetch_add(static_cast<typename Counter::value_type>(by), std::memory_order_relaxed);
}

}  // namespace yunzi::net
