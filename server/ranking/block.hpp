// A block's standing: the wins and losses counted so far and what the full
// block would bring. A change is certain as soon as every result of the
// remaining games leads to the same rank (caps at 18k and 9d included).
#pragma once

#include <span>

#include "server/ranking/bracket.hpp"
#include "server/ranking/rated_game.hpp"

namespace yunzi::ranking {

struct BlockTally {
  int wins = 0;
  int losses = 0;
  constexpr int counted() const { return wins + losses; }
};

BlockTally tally_block(std::span<const RatedGame> games);

struct BlockVerdict {
  Rank worst;         // where the block leads if every remaining game is lost
  Rank best;          // where it leads if every remaining game is won
  int remaining = 0;  // counted games still to play in the block
  constexpr bool certain() const { return worst == best; }
  constexpr bool complete() const { return remaining == 0; }
};

// `rank` is the current rank, `bracket` the one of the rank the block started at.
// The tally must not exceed the block size.
BlockVerdict judge_block(Rank rank, const Bracket& bracket, BlockTally tally);

}  // namespace yunzi::ranking
