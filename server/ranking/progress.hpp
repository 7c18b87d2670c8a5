// `rank_progress` for user.info: the counted games of the current block, and
// in words what the next results would bring ("2 more wins promote to 3d",
// "1 more loss demotes to 2d", or that the block will end with no change).
#pragma once

#include <string>

#include "server/ranking/evaluation.hpp"

namespace yunzi::ranking {

struct RankProgress {
  int games = 0;       // counted games in the current block (or, association, responsibility games at this rank)
  int wins = 0;
  int losses = 0;
  int block_size = 0;  // 0 where the policy has no blocks
  std::string summary;
};

// Under the TOM table. "k more wins promote to X": after k more wins, whatever
// the other results, the block is sure to end at X or higher.
RankProgress tom_progress(const PlayerState& state);

}  // namespace yunzi::ranking
