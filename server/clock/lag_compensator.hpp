// Lag compensation for one player in one game: each move is credited with
// the network's one-way delay, at most 1000 ms a move and 10,000 ms a game,
// so a player far from the server does not lose time to the wire while a
// player who fakes lag gains little. See server/clock/README.md.
#pragma once

#include <cstdint>
#include <span>

namespace yunzi::clock {

inline constexpr std::int64_t max_lag_credit_per_move_ms = 1000;
inline constexpr std::int64_t lag_quota_per_game_ms = 10'000;

// Half the median of the measured ping round trips (negative samples are
// treated as zero); 0 when there are none. The median resists one slow ping.
std::int64_t one_way_lag_ms(std::span<const std::int64_t> round_trips_ms);

class LagCompensator {
 public:
  // `remaining_ms` lets a game rebuilt after a restart keep its used quota.
  explicit LagCompensator(std::int64_t remaining_ms = lag_quota_per_game_ms);

  // The credit for one move and takes it from the quota:
  // min(measured one-way lag, 1000 ms, quota left, turn elapsed). The turn's
  // length bounds it so that a fast move does not burn quota it cannot use.
  std::int64_t credit(std::int64_t measured_one_way_lag_ms, std::int64_t turn_elapsed_ms);

  std::int64_t remaining_ms() const { return remaining_ms_; }

 private:
  std::int64_t remaining_ms_;
};

}  // namespace yunzi::clock
