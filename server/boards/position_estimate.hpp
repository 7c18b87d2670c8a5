// A position's score estimate on the wire (board.estimate, game.estimate):
// the engine's dead-stone guess and area count, with komi and handicap
// compensation in the margin as a game's score has them.
#pragma once

#include "engine/board.hpp"
#include "protocol/board_messages.hpp"

namespace yunzi::boards {

protocol::PositionEstimate estimate_position(const engine::Board& board, double komi, int handicap);

}  // namespace yunzi::boards
