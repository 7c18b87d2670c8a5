#include "server/tournament/handicap.hpp"

#include <algorithm>
#include <cstdlib>

#include "server/tournament/colours.hpp"

namespace yunzi::tournament {

namespace {

constexpr int most_stones = 9;

}  // namespace

int handicap_for(HalfPoints difference, const HandicapRules& rules) {
  const int whole_points = std::abs(difference) / 2;
  const int cap = std::clamp(rules.max, 0, most_stones);
  return std::clamp(whole_points - rules.reduction, 0, cap);
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
