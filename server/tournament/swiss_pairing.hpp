// Pairs one round of a Swiss or McMahon tournament:
//  - nobody meets the same opponent twice (a hard rule: no pairing is made
//    rather than a repeated one);
//  - players meet others of their own score group first, and float to the
//    nearest group only when their own cannot be paired;
//  - colours stay within max_colour_imbalance while any pairing allows it,
//    and players whose due colours differ are preferred;
//  - then the closest ranks meet;
//  - with an odd number of players the bye goes to the lowest-ranked player
//    of the lowest score group who has not had one (a second bye only when
//    everybody has had one).
// A search over these choices in that order of priority, with backtracking,
// so a late round that is hard to pair is still paired when possible.
#pragma once

#include <cstddef>
#include <optional>

#include "server/tournament/score_rules.hpp"
#include "server/tournament/tournament_record.hpp"

namespace yunzi::tournament {

struct SwissSearchLimits {
  std::size_t max_steps = 2'000'000;  // candidate pairs tried before giving up
};

// The pairing of `round` from the results of the rounds before it; nullopt
// when no pairing without a repeated pair exists (or none was found within
// the search limits).
std::optional<RoundPairing> pair_swiss_round(const TournamentRecord& record, const ScoreRules& rules, int round,
                                             SwissSearchLimits limits = {});

}  // namespace yunzi::tournament
