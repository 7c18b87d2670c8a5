// `rank_progress` for user.info: the counted games of the current block, and
// in words what the next results do. The words come from playing the next
// results through the decision function the server applies after every game,
// so they say exactly when a change comes: "4 more losses in a row demote to
// 7k" means losses 1 to 3 change nothing and the 4th demotes to 7k.
#pragma once

#include <functional>
#include <string>

#include "server/ranking/evaluation.hpp"

namespace yunzi::ranking {

struct RankProgress {
  int games = 0;  // counted games in the current block (or, association, responsibility games at this rank)
  int wins = 0;
  int losses = 0;
  int block_size = 0;  // 0 where the policy has no blocks
  std::string summary;
};

// What the server runs after a rated game (RankingPolicy::evaluate_after_game).
using DecisionFunction = std::function<Expected<Decision, RankingError>(const PlayerState&, const RatedGame&)>;

// A block policy's progress. The summary follows a run of wins and a run of
// losses from here, each game an even game against an opponent not met in the
// block, through `decide`, applying conversions as the server does, up to the
// first rank change or the end of the block: "1 more win promotes to 4k",
// "k more wins in a row promote to X", "k more losses in a row demote to Y"
// (joined by "; " when both runs change the rank); when neither does, "the
// block will end with no change after k more games".
RankProgress block_progress(const PlayerState& state, const DecisionFunction& decide);

// Under the TOM table (ranking::evaluate_after_game).
RankProgress tom_progress(const PlayerState& state);

}  // namespace yunzi::ranking
