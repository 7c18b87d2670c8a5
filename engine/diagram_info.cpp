#include <algorithm>

#include "engine/diagram.hpp"
#include "engine/game.hpp"

namespace yunzi::engine {

DiagramInfo diagram_info(const Game& game, std::size_t numbered_moves) {
  DiagramInfo info;
  if (auto last = game.last_move()) {
    if (last->vertex) info.last_move = last->vertex;
    else info.last_pass = last->color;
  }
  info.black_captures = game.captures(Color::black);
  info.white_captures = game.captures(Color::white);
  const std::vector<Move>& moves = game.moves();
  const std::size_t first = moves.size() - std::min(numbered_moves, moves.size());
  for (std::size_t i = first; i < moves.size(); ++i) {
    info.numbered.push_back(NumberedMove{static_cast<int>(i) + 1, moves[i]});
  }
  return info;
}

std::vector<NumberedMove> numbers_on_board(const Board& board, const std::vector<NumberedMove>& numbered) {
  const int size = board.size();
  std::vector<bool> later_move_here(static_cast<std::size_t>(size * size), false);
  std::vector<NumberedMove> shown;
  for (auto entry = numbered.rbegin(); entry != numbered.rend(); ++entry) {
    const std::optional<Vertex> vertex = entry->move.vertex;
    if (!vertex || !board.contains(*vertex)) continue;
    const auto point = static_cast<std::size_t>(vertex->y * size + vertex->x);
    if (later_move_here[point]) continue;
    later_move_here[point] = true;
    // Nothing was played at the point since its latest move: the stone is
    // that move's unless it was captured, which left the point empty.
    if (board.color_at(*vertex) == entry->move.color) shown.push_back(*entry);
  }
  std::reverse(shown.begin(), shown.end());
  return shown;
}

}  // namespace yunzi::engine
