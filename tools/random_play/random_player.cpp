#include "tools/random_play/random_player.hpp"

#include <vector>

namespace yunzi::random_play {

std::optional<engine::Vertex> choose_random_move(const engine::Game& game, engine::Color color, std::mt19937_64& rng) {
  const engine::Board& board = game.board();
  std::vector<int> candidates;
  candidates.reserve(static_cast<std::size_t>(board.empty_count()));
  for (int i = 0; i < board.empty_count(); ++i) candidates.push_back(board.empty_point(i));

  // Draw without replacement until a move passes both tests: each empty
  // point then has the same chance of being the one played.
  while (!candidates.empty()) {
    std::uniform_int_distribution<std::size_t> pick(0, candidates.size() - 1);
    const std::size_t slot = pick(rng);
    const int index = candidates[slot];
    candidates[slot] = candidates.back();
    candidates.pop_back();
    if (board.is_single_point_eye(color, index)) continue;
    if (game.check_at(color, index).has_value()) return board.vertex_of(index);
  }
  return std::nullopt;
}

}  // namespace yunzi::random_play
