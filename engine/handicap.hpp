// Fixed handicap stones on the GTP `fixed_handicap` points, placed the way
// GNU Go places them: 2..9 stones on odd boards from 9x9 up, 2..4 on 7x7 and
// on even boards from 8x8 up. The star points sit on the 4th line from 13x13
// up and on the 3rd line below.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "core/expected.hpp"
#include "engine/types.hpp"

namespace yunzi::engine {

enum class HandicapError : std::uint8_t {
  too_few,          // fewer than 2 stones
  too_many,         // more than max_fixed_handicap(size)
  board_too_small,  // no fixed points below 7x7
};
std::string_view to_string(HandicapError error);
std::string_view describe(HandicapError error);

// 9 on odd sizes >= 9, 4 on 7x7 and even sizes >= 8, 0 below 7x7.
int max_fixed_handicap(int size);

// The stones for `count` handicap on a size x size board, listed the way GNU
// Go lists them: row by row from the top, left to right within a row.
Expected<std::vector<Vertex>, HandicapError> fixed_handicap(int size, int count);

}  // namespace yunzi::engine
