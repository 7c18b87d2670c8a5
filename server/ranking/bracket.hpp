// The TOM rank table as data: for each range of ranks, the block size and the
// win counts of a full block that move a player up or down by one or two.
#pragma once

#include <array>

#include "server/ranking/rank.hpp"

namespace yunzi::ranking {

struct Bracket {
  Rank first;
  Rank last;
  int block_size = 0;
  int promote_two_at = 0;  // +2 if wins >= this
  int promote_one_at = 0;  // +1 if wins >= this
  int demote_one_at = 0;   // -1 if wins <= this
  int demote_two_at = 0;   // -2 if wins <= this
};

inline constexpr std::array<Bracket, 3> tom_brackets{{
    {Rank::kyu(18), Rank::kyu(1), 15, 14, 10, 4, 1},
    {Rank::dan(1), Rank::dan(4), 20, 18, 14, 6, 2},
    {Rank::dan(5), Rank::dan(9), 20, 20, 15, 7, 3},
}};

const Bracket& bracket_for(Rank rank);

// Steps (-2..+2) that a full block with this many wins earns, before caps.
int full_block_steps(const Bracket& bracket, int wins);

}  // namespace yunzi::ranking
