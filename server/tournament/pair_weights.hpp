// The weight of each pair a Swiss or McMahon round may make, for the
// maximum-weight matching that pairs the round. One weight carries every
// order of priority at once (server/tournament/README.md, "Swiss and McMahon
// pairing"): each is scaled above the most that all those below it can add
// up to over the round, so the best matching is the best at the first, then
// the best among those at the second, and so on.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "server/tournament/max_weight_matching.hpp"
#include "server/tournament/player_history.hpp"
#include "server/tournament/score_rules.hpp"

namespace yunzi::tournament {

// What a pair costs, one entry per order of priority, from the first.
struct PairCost {
  int colours_past_limit = 0;  // 1: either would pass the colour limit
  int crosses_groups = 0;      // 1: the players' scores differ
  int groups_apart = 0;        // score groups from one to the other
  int colours_clash = 0;       // 1: both are due the same colour
  int placement = 0;           // distance from the partner the method gives
};

class PairWeights {
 public:
  // `players` in pairing order: score first, then rank, then entry. A pair
  // the handicap rules give a handicap has no colour costs: the handicap
  // decides its colours.
  PairWeights(std::vector<const PlayerHistory*> players, GroupMethod method, HandicapRules handicaps = {});

  // nullopt for a pair that may not meet (they have met before).
  std::optional<PairCost> cost(std::size_t a, std::size_t b) const;
  std::optional<MatchWeight> weight(std::size_t a, std::size_t b) const;

 private:
  std::vector<const PlayerHistory*> players_;
  GroupMethod method_;
  HandicapRules handicaps_;
  std::vector<int> group_;     // score group of each player, 0 the top one
  std::vector<int> position_;  // place within the group, 0 the strongest
  std::vector<int> group_size_;
  int most_placement_ = 0;
  // The worth of one unit at each order of priority, lowest first.
  MatchWeight unit_placement_ = 1, unit_clash_ = 0, unit_apart_ = 0, unit_cross_ = 0, unit_colours_ = 0, unit_pair_ = 0;
};

}  // namespace yunzi::tournament
