#include "server/ranking/block.hpp"

namespace yunzi::ranking {

BlockTally tally_block(std::span<const RatedGame> games) {
  BlockTally tally;
  for (const RatedGame& game : games) {
    if (!is_counted(game)) continue;
    if (game.outcome == Outcome::win) {
      ++tally.wins;
    } else {
      ++tally.losses;
    }
  }
  return tally;
}

BlockVerdict judge_block(Rank rank, const Bracket& bracket, BlockTally tally) {
  const int remaining = bracket.block_size - tally.counted();
  // The outcome only grows with the final win count, so the two extremes
  // (every remaining game lost, every one won) decide whether it is certain.
  const Rank worst = rank + full_block_steps(bracket, tally.wins);
  const Rank best = rank + full_block_steps(bracket, tally.wins + remaining);
  return BlockVerdict{worst, best, remaining};
}

}  // namespace yunzi::ranking
