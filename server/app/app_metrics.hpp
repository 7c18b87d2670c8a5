// The application's counters for /metrics: error replies by code, moves
// played, games started, and how long moves take from their arrival to
// their acknowledgement (committed, and sent to the room). Relaxed atomics,
// bumped from any thread.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <string>

#include "protocol/errors.hpp"
#include "server/app/latency_histogram.hpp"

namespace yunzi::app {

inline constexpr std::size_t error_code_count = static_cast<std::size_t>(protocol::ErrorCode::internal) + 1;

struct AppMetrics {
  std::array<std::atomic<std::uint64_t>, error_code_count> errors{};
  std::atomic<std::uint64_t> moves_total{0};
  std::atomic<std::uint64_t> games_started{0};
  LatencyHistogram move_latency;

  void count_error(protocol::ErrorCode code);
  // Prometheus text lines of these counters.
  std::string render() const;
};

}  // namespace yunzi::app
