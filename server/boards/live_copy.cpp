#include "server/boards/live_copy.hpp"

#include <algorithm>

#include "server/boards/board_replay.hpp"
#include "server/boards/board_tree.hpp"

namespace yunzi::boards {

int differing_points(const engine::Board& a, const engine::Board& b) {
  if (a.size() != b.size()) return a.size() * a.size() + b.size() * b.size();
  int differing = 0;
  for (int y = 0; y < a.size(); ++y) {
    for (int x = 0; x < a.size(); ++x) {
      const engine::Vertex v{x, y};
      if (a.color_at(v) != b.color_at(v)) ++differing;
    }
  }
  return differing;
}

int allowed_differences(int stones) { return std::min(4, stones / 10); }

std::optional<GameId> repeated_live_game(const engine::Board& position, const std::vector<LivePosition>& live) {
  for (const LivePosition& game : live) {
    const int stones = game.board.stone_count(engine::Color::black) + game.board.stone_count(engine::Color::white);
    if (stones < kMinLiveStones) continue;
    if (differing_points(position, game.board) <= allowed_differences(stones)) return game.game;
  }
  return std::nullopt;
}

std::optional<GameId> board_repeating_live_game(const db::NewBoard& board, const std::vector<LivePosition>& live) {
  if (live.empty()) return std::nullopt;
  auto start = engine::Game::create(board_setup(board));
  if (!start) return std::nullopt;
  std::optional<GameId> repeated;
  static_cast<void>(replay_tree(std::move(*start), board.nodes, [&](std::int64_t, const engine::Game& position) {
    if (!repeated) repeated = repeated_live_game(position.board(), live);
  }));
  return repeated;
}

}  // namespace yunzi::boards
