// The region of a life-and-death question: the points where either side may play, as a mask over the board's
// padded indices, with the helpers the search and the life test share.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/board.hpp"
#include "engine/types.hpp"

namespace yunzi::tsumego {

class Region {
 public:
  // `points` empty: every point of the smallest rectangle holding all the stones (the whole board when there are
  // none). Points off the board are left out. A stone inside the region may be taken and its point played again.
  Region(const engine::Board& board, const std::vector<engine::Vertex>& points);

  bool contains(int index) const { return mask_[static_cast<std::size_t>(index)] != 0; }
  // The region's points, in a fixed order.
  const std::vector<engine::Board::Index>& points() const { return points_; }

 private:
  std::vector<std::uint8_t> mask_;
  std::vector<engine::Board::Index> points_;
};

// The region's points as vertices, for asking about later positions of the same problem: the stones' rectangle
// shrinks when stones are taken, the region must not.
std::vector<engine::Vertex> region_points(const engine::Board& start, const std::vector<engine::Vertex>& points);

// The four neighbour offsets of a board's padded indices.
struct Neighbours {
  int offsets[4];
  explicit Neighbours(const engine::Board& board) : offsets{-1, 1, -board.stride(), board.stride()} {}
};

}  // namespace yunzi::tsumego
