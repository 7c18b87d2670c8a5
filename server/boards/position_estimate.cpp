#include "server/boards/position_estimate.hpp"

#include "engine/estimate.hpp"

namespace yunzi::boards {

protocol::PositionEstimate estimate_position(const engine::Board& board, double komi, int handicap) {
  engine::Estimate estimate = engine::estimate_score(board, komi, handicap);
  protocol::PositionEstimate out;
  out.size = board.size();
  out.black = estimate.score.black_area;
  out.white = estimate.score.white_area;
  out.margin = estimate.score.margin;
  out.result = estimate.score.result;
  out.dead = std::move(estimate.dead);
  out.black_territory = std::move(estimate.territory.black);
  out.white_territory = std::move(estimate.territory.white);
  return out;
}

}  // namespace yunzi::boards
