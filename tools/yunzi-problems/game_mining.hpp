// Positions from game records that may hold a problem: after every few moves, each group of two stones or more
// that the other side's stones (and the board's edge) enclose in a small area, cut out of the board with its wall,
// the side to move of the game to move. The maker then keeps those the solver proves one move decides.
#pragma once

#include <string>
#include <vector>

#include "engine/sgf_record.hpp"
#include "tools/yunzi-problems/problem_maker.hpp"

namespace yunzi::problems {

struct MinedPosition {
  tsumego::Problem bare;  // stones, side to move, goal and target; no tree yet
  Naming naming;
};

struct MiningOptions {
  int first_move = 60;    // no problem before this move
  int step = 3;           // moves between the positions looked at
  int largest_area = 40;  // points of the enclosed area, the group's stones included
};

std::vector<MinedPosition> mine_game(const engine::SgfRecord& record, const MiningOptions& options = {});

}  // namespace yunzi::problems
