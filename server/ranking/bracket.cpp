#include "server/ranking/bracket.hpp"

namespace yunzi::ranking {

const Bracket& bracket_for(Rank rank) {
  for (const Bracket& bracket : tom_brackets) {
    if (rank >= bracket.first && rank <= bracket.last) return bracket;
  }
  // The table covers 18k..9d and Rank cannot hold anything else.
  return tom_brackets.back();
}

int full_block_steps(const Bracket& bracket, int wins) {
  if (wins >= bracket.promote_two_at) return 2;
  if (wins >= bracket.promote_one_at) return 1;
  if (wins <= bracket.demote_two_at) return -2;
  if (wins <= bracket.demote_one_at) return -1;
  return 0;
}

}  // namespace yunzi::ranking
