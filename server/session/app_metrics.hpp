// The application's counters for /metrics: error replies by code, moves
// played, games started, and how long moves take from their arrival to
// their acknowledgement (committed, and sent to the room). Registered in
// the process's prometheus::Registry; bumped from any thread. Every labelled
// child is made once here, so counting an error or a move looks nothing up.
#pragma once

#include <array>
#include <cstddef>
#include <string>

#include <prometheus/counter.h>
#include <prometheus/histogram.h>
#include <prometheus/registry.h>

#include "protocol/errors.hpp"

namespace yunzi::session {

inline constexpr std::size_t error_code_count = static_cast<std::size_t>(protocol::ErrorCode::internal) + 1;

// The buckets of yunzi_move_seconds: 0.5 ms to 2.5 s.
inline const prometheus::Histogram::BucketBoundaries move_seconds_buckets{0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025,
                                                                          0.05,   0.1,   0.25,   0.5,   1,    2.5};

class AppMetrics {
 public:
  explicit AppMetrics(prometheus::Registry& registry);

  void count_error(protocol::ErrorCode code);
  const prometheus::Counter& errors(protocol::ErrorCode code) const;

  prometheus::Counter& moves_total;
  prometheus::Counter& games_started;
  // In a cluster: games this node took over from another (a node died or was paused) and games it lost.
  prometheus::Counter& games_taken_over;
  prometheus::Counter& games_lost;
  prometheus::Histogram& move_latency;  // observed in seconds

 private:
  std::array<prometheus::Counter*, error_code_count> errors_{};  // by ErrorCode
};

}  // namespace yunzi::session
