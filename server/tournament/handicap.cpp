#include "server/tournament/handicap.hpp"

#include <algorithm>
#include <cstdlib>

#include "server/tournament/colours.hpp"

namespace yunzi::tournament {

int handicap_for(HalfPoints difference, const HandicapRules& rules) {
  const int whole_points = std::abs(difference) / 2;
  return std::clamp(whole_points - rules.reduction, 0, std::max(rules.max, 0));
}

Pairing pair_game(const PlayerHistory& first, const PlayerHistory& second, const HandicapRules& rules) {
  const int handicap = handicap_for(first.score() - second.score(), rules);
  if (handicap == 0) return assign_colours(first, second);
  const bool first_weaker = first.score() < second.score();
  const PlayerHistory& weaker = first_weaker ? first : second;
  const PlayerHistory& stronger = first_weaker ? second : first;
  return Pairing{weaker.entrant.id, stronger.entrant.id, handicap};
}

}  // namespace yunzi::tournament
