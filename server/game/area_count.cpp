#include "server/game/area_count.hpp"

#include "engine/scoring.hpp"

namespace yunzi::game {

std::optional<protocol::AreaCount> area_count(const engine::Game& game, const std::vector<engine::Vertex>& dead) {
  auto score = engine::score_game(game, dead);
  auto owned = engine::territory(game.board(), dead);
  if (!score || !owned) return std::nullopt;
  protocol::AreaCount out;
  out.black = score->black_area;
  out.white = score->white_area;
  out.komi = game.setup().komi;
  out.result = to_sgf(score->result);
  out.black_territory = std::move(owned->black);
  out.white_territory = std::move(owned->white);
  return out;
}

}  // namespace yunzi::game
