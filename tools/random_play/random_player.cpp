#include "tools/random_play/random_player.hpp"

#include <cstdlib>
#include <vector>

namespace yunzi::random_play {
namespace {

// Draws without replacement until a move passes both tests: each candidate
// then has the same chance of being the one played.
std::optional<engine::Vertex> draw(const engine::Game& game, engine::Color color, std::vector<int> candidates,
                                   std::mt19937_64& rng) {
  const engine::Board& board = game.board();
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

bool near_a_stone(const engine::Board& board, engine::Vertex v, int reach) {
  for (int dy = -reach; dy <= reach; ++dy) {
    for (int dx = -reach; dx <= reach; ++dx) {
      const engine::Vertex other{v.x + dx, v.y + dy};
      if (std::abs(dx) + std::abs(dy) <= reach && board.contains(other) && board.color_at(other)) return true;
    }
  }
  return false;
}

}  // namespace

std::optional<engine::Vertex> choose_random_move(const engine::Game& game, engine::Color color, std::mt19937_64& rng) {
  const engine::Board& board = game.board();
  std::vector<int> candidates;
  candidates.reserve(static_cast<std::size_t>(board.empty_count()));
  for (int i = 0; i < board.empty_count(); ++i) candidates.push_back(board.empty_point(i));
  return draw(game, color, std::move(candidates), rng);
}

std::optional<engine::Vertex> choose_nearby_move(const engine::Game& game, engine::Color color, std::mt19937_64& rng,
                                                 int reach) {
  const engine::Board& board = game.board();
  std::vector<int> candidates;
  for (int i = 0; i < board.empty_count(); ++i) {
    const int index = board.empty_point(i);
    if (near_a_stone(board, board.vertex_of(index), reach)) candidates.push_back(index);
  }
  if (auto move = draw(game, color, std::move(candidates), rng)) return move;
  return choose_random_move(game, color, rng);
}

}  // namespace yunzi::random_play
