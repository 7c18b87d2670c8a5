#include "engine/handicap.hpp"

#include <algorithm>

namespace yunzi::engine {

std::string_view to_string(HandicapError error) {
  switch (error) {
    case HandicapError::too_few: return "too_few";
    case HandicapError::too_many: return "too_many";
    case HandicapError::board_too_small: return "board_too_small";
  }
  return "invalid_handicap";
}

std::string_view describe(HandicapError error) {
  switch (error) {
    case HandicapError::too_few: return "a fixed handicap has at least 2 stones";
    case HandicapError::too_many: return "this board has no fixed points for that many handicap stones";
    case HandicapError::board_too_small: return "boards smaller than 7x7 have no fixed handicap points";
  }
  return "invalid handicap";
}

int max_fixed_handicap(int size) {
  if (size < 7 || size > max_board_size) return 0;
  // Only odd boards from 9x9 up have a centre line for the side points.
  return (size % 2 == 1 && size >= 9) ? 9 : 4;
}

Expected<std::vector<Vertex>, HandicapError> fixed_handicap(int size, int count) {
  const int max = max_fixed_handicap(size);
  if (max == 0) return unexpected(HandicapError::board_too_small);
  if (count < 2) return unexpected(HandicapError::too_few);
  if (count > max) return unexpected(HandicapError::too_many);

  const int line = size > 11 ? 3 : 2;  // the 4th line from 12x12 up, else the 3rd
  const int low = line;
  const int high = size - 1 - line;
  const int mid = size / 2;
  // Corners first: upper right and lower left face each other, then the other
  // diagonal; odd counts take the centre; 6 and 8 add the side points.
  std::vector<Vertex> stones = {{high, low}, {low, high}};
  if (count >= 3) stones.push_back({low, low});
  if (count >= 4) stones.push_back({high, high});
  if (count % 2 == 1 && count >= 5) stones.push_back({mid, mid});
  if (count >= 6) {
    stones.push_back({low, mid});
    stones.push_back({high, mid});
  }
  if (count >= 8) {
    stones.push_back({mid, low});
    stones.push_back({mid, high});
  }
  std::sort(stones.begin(), stones.end(), [](Vertex a, Vertex b) { return a.y != b.y ? a.y < b.y : a.x < b.x; });
  return stones;
}

}  // namespace yunzi::engine
