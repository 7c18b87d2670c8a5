// Pairs one round of a Swiss or McMahon tournament as the maximum-weight
// matching over every pair that has not met: as many games as the field
// allows without a repeat, then the colour limit, score groups kept, colours
// due, and the group method (server/tournament/README.md, "Swiss and McMahon
// pairing"). The bye goes to the lowest of the lowest group without one.
#pragma once

#include <optional>

#include "server/tournament/score_rules.hpp"
#include "server/tournament/tournament_record.hpp"

namespace yunzi::tournament {

// The pairing of `round` from the results of the rounds before it; nullopt
// when no pairing without a repeated pair exists.
std::optional<RoundPairing> pair_swiss_round(const TournamentRecord& record, const ScoreRules& rules, int round);

}  // namespace yunzi::tournament
