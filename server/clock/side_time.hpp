// One player's remaining time and the arithmetic that charges it: how much
// time is left before the player loses, and what a stretch of thinking
// costs under each time system. Pure functions; GameClock strings them
// together into turns.
#pragma once

#include <cstdint>
#include <optional>

#include "core/time_control.hpp"

namespace yunzi::clock {

// What the contract's `clock` object shows for one side.
//   main_ms    main time left
//   periods    byo-yomi periods left (the current one included)
//   period_ms  time left in the current byo-yomi or Canadian period
//   stones     Canadian: stones still to play in the current period
struct SideTime {
  std::int64_t main_ms = 0;
  int periods = 0;
  std::int64_t period_ms = 0;
  int stones = 0;

  friend bool operator==(const SideTime&, const SideTime&) = default;
};

// The time a side starts the game with.
SideTime initial_side_time(const TimeControl& control);

// How long the side may still think before it loses; nullopt when it can
// never lose on time (system none). Zero means it has already lost.
std::optional<std::int64_t> time_left(const TimeControl& control, const SideTime& side);

// Charges `elapsed_ms` of thinking. `completed_move` is true when the
// stretch ended with a move (which keeps a byo-yomi period, counts a Canadian
// stone, earns a Fischer increment) and false when the clock merely stopped
// (pause, snapshot). Returns true when the side ran out of time: exactly
// when elapsed_ms >= time_left(); the side is then left at zero.
bool charge(const TimeControl& control, SideTime& side, std::int64_t elapsed_ms, bool completed_move);

// Whether a side's state could have come from `control` (used on restore).
bool fits(const TimeControl& control, const SideTime& side);

}  // namespace yunzi::clock
