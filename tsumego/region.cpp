#include "tsumego/region.hpp"

#include <algorithm>

namespace yunzi::tsumego {

using engine::Board;
using engine::Cell;
using engine::Vertex;

namespace {

struct Box {
  Vertex low{0, 0};
  Vertex high{0, 0};
};

Box stones_box(const Board& board) {
  Box box{Vertex{board.size(), board.size()}, Vertex{-1, -1}};
  for (int y = 0; y < board.size(); ++y) {
    for (int x = 0; x < board.size(); ++x) {
      if (board.at(Vertex{x, y}) == Cell::empty) continue;
      box.low = Vertex{std::min(box.low.x, x), std::min(box.low.y, y)};
      box.high = Vertex{std::max(box.high.x, x), std::max(box.high.y, y)};
    }
  }
  if (box.high.x < 0) return Box{Vertex{0, 0}, Vertex{board.size() - 1, board.size() - 1}};
  return box;
}

}  // namespace

Region::Region(const Board& board, const std::vector<Vertex>& points)
    : mask_(static_cast<std::size_t>(Board::max_points), 0) {
  auto take = [&](Vertex v) {
    if (!board.contains(v)) return;
    const Board::Index index = board.index_of(v);
    if (mask_[static_cast<std::size_t>(index)] != 0) return;
    mask_[static_cast<std::size_t>(index)] = 1;
    points_.push_back(index);
  };
  if (!points.empty()) {
    for (Vertex v : points) take(v);
    return;
  }
  const Box box = stones_box(board);
  for (int y = box.low.y; y <= box.high.y; ++y) {
    for (int x = box.low.x; x <= box.high.x; ++x) take(Vertex{x, y});
  }
}

std::vector<Vertex> region_points(const Board& start, const std::vector<Vertex>& points) {
  const Region region(start, points);
  std::vector<Vertex> out;
  out.reserve(region.points().size());
  for (const Board::Index index : region.points()) out.push_back(start.vertex_of(index));
  return out;
}

}  // namespace yunzi::tsumego
