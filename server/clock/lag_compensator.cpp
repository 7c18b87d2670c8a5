#include "server/clock/lag_compensator.hpp"

#include <algorithm>
#include <vector>

namespace yunzi::clock {

std::int64_t one_way_lag_ms(std::span<const std::int64_t> round_trips_ms) {
  if (round_trips_ms.empty()) return 0;
  std::vector<std::int64_t> sorted(round_trips_ms.begin(), round_trips_ms.end());
  std::sort(sorted.begin(), sorted.end());
  const std::size_t mid = sorted.size() / 2;
  const std::int64_t median = sorted.size() % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return std::max<std::int64_t>(median, 0) / 2;
}

LagCompensator::LagCompensator(std::int64_t remaining_ms)
    : remaining_ms_(std::clamp<std::int64_t>(remaining_ms, 0, lag_quota_per_game_ms)) {}

std::int64_t LagCompensator::credit(std::int64_t measured_one_way_lag_ms, std::int64_t turn_elapsed_ms) {
  const std::int64_t granted = std::max<std::int64_t>(
      0, std::min({measured_one_way_lag_ms, max_lag_credit_per_move_ms, remaining_ms_, turn_elapsed_ms}));
  remaining_ms_ -= granted;
  return granted;
}

}  // namespace yunzi::clock
