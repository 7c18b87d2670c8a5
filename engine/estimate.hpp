// A quick guess at how a position would be counted, during the game or after
// it: the stones that cannot live are taken off (an influence map plus the
// chains' eyes and liberties) and the rest is counted by area. The method and
// its weaknesses are described in engine/README.md.
#pragma once

#include <vector>

#include "engine/board.hpp"
#include "engine/scoring.hpp"
#include "engine/types.hpp"

namespace yunzi::engine {

struct Estimate {
  std::vector<Vertex> dead;  // stones guessed dead, sorted
  Territory territory;       // engine::territory(board, dead)
  Score score;               // engine::score_area(board, dead, komi, handicap)
};

// A quick guess at how a position would be counted: stones that cannot
// live are taken off and the rest counted by area (Chinese rules).
Estimate estimate_score(const Board& board, double komi, int handicap);

// The dead-stone guess alone, sorted (what estimate_score counts with).
std::vector<Vertex> guess_dead_stones(const Board& board);

}  // namespace yunzi::engine
