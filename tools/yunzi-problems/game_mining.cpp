#include "tools/yunzi-problems/game_mining.hpp"

#include <algorithm>

namespace yunzi::problems {

using engine::Board;
using engine::Cell;
using engine::Color;
using engine::Vertex;

namespace {

struct Area {
  std::vector<Vertex> points;  // the group's stones and the empty points it reaches without crossing the enemy
  bool small = true;
};

Area enclosed_area(const Board& board, Vertex stone, Color owner, int largest) {
  Area area;
  std::vector<bool> seen(static_cast<std::size_t>(board.size() * board.size()), false);
  auto mark = [&](Vertex v) { return seen[static_cast<std::size_t>(v.y * board.size() + v.x)]; };
  std::vector<Vertex> stack{stone};
  mark(stone) = true;
  const Cell enemy = engine::cell_of(engine::opponent(owner));
  while (!stack.empty()) {
    const Vertex at = stack.back();
    stack.pop_back();
    area.points.push_back(at);
    if (static_cast<int>(area.points.size()) > largest) {
      area.small = false;
      return area;
    }
    for (const Vertex step : {Vertex{1, 0}, Vertex{-1, 0}, Vertex{0, 1}, Vertex{0, -1}}) {
      const Vertex next{at.x + step.x, at.y + step.y};
      if (!board.contains(next) || mark(next) || board.at(next) == enemy) continue;
      mark(next) = true;
      stack.push_back(next);
    }
  }
  return area;
}

std::string where_of(Vertex low, Vertex high, int size) {
  const int edges = (low.x == 0) + (low.y == 0) + (high.x == size - 1) + (high.y == size - 1);
  return edges >= 2 ? "corner" : edges == 1 ? "side" : "centre";
}

// The stones of the area's rectangle widened by one line (the wall), the rest of the board left empty.
MinedPosition cut_out(const Board& board, const Area& area, Vertex target, Color to_move) {
  Vertex low{board.size(), board.size()}, high{-1, -1};
  for (const Vertex v : area.points) {
    low = Vertex{std::min(low.x, v.x), std::min(low.y, v.y)};
    high = Vertex{std::max(high.x, v.x), std::max(high.y, v.y)};
  }
  low = Vertex{std::max(0, low.x - 1), std::max(0, low.y - 1)};
  high = Vertex{std::min(board.size() - 1, high.x + 1), std::min(board.size() - 1, high.y + 1)};
  MinedPosition mined;
  mined.bare.size = board.size();
  mined.bare.to_move = to_move;
  for (int y = low.y; y <= high.y; ++y) {
    for (int x = low.x; x <= high.x; ++x) {
      if (const std::optional<Color> color = board.color_at(Vertex{x, y}))
        mined.bare.stones.push_back({{x, y}, *color});
    }
  }
  const Color owner = *board.color_at(target);
  mined.bare.goal = owner == to_move ? tsumego::Goal::live : tsumego::Goal::kill;
  mined.bare.target = target;
  mined.naming = Naming{where_of(low, high, board.size()), "", "", true, ""};
  return mined;
}

void mine_position(const engine::Game& game, const MiningOptions& options, std::vector<MinedPosition>& out) {
  Board board = game.board();
  board.restore_chains();
  std::vector<bool> done(static_cast<std::size_t>(board.size() * board.size()), false);
  for (int y = 0; y < board.size(); ++y) {
    for (int x = 0; x < board.size(); ++x) {
      const Vertex v{x, y};
      const std::optional<Color> owner = board.color_at(v);
      if (!owner || done[static_cast<std::size_t>(y * board.size() + x)]) continue;
      for (const Vertex stone : board.chain(v)) done[static_cast<std::size_t>(stone.y * board.size() + stone.x)] = true;
      if (board.chain_size(v) < 2) continue;
      const Area area = enclosed_area(board, v, *owner, options.largest_area);
      if (area.small) out.push_back(cut_out(board, area, v, game.to_move()));
    }
  }
}

}  // namespace

std::vector<MinedPosition> mine_game(const engine::SgfRecord& record, const MiningOptions& options) {
  std::vector<MinedPosition> out;
  std::size_t moves = 0;
  for (const engine::SgfRecordNode& node : record.main_line) moves += node.move ? 1 : 0;
  for (std::size_t upto = static_cast<std::size_t>(options.first_move); upto <= moves;
       upto += static_cast<std::size_t>(options.step)) {
    engine::SgfRecord cut = record;
    std::size_t seen = 0;
    for (std::size_t i = 0; i < cut.main_line.size(); ++i) {
      if (cut.main_line[i].move && ++seen > upto) {
        cut.main_line.resize(i);
        break;
      }
    }
    auto game = engine::replay_main_line(cut);
    if (!game || game->phase() != engine::Phase::play) continue;
    mine_position(*game, options, out);
  }
  return out;
}

}  // namespace yunzi::problems
