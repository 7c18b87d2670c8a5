// A clock's count of periods or stones as the room's packed records keep it
// (logged_move.hpp, turn_start_clocks.hpp): core/time_control.hpp bounds
// periods at 100 and stones at 1,000, well inside 16 bits.
#pragma once

#include <cassert>
#include <cstdint>

namespace yunzi::game {

inline std::int16_t packed_clock_count(int count) {
  assert(count >= INT16_MIN && count <= INT16_MAX);
  return static_cast<std::int16_t>(count);
}

}  // namespace yunzi::game
