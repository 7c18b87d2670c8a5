// Pairs one round of a Swiss or McMahon tournament: no repeated opponent (never relaxed: no pairing rather than a
// repeat), then score groups, colours, rank closeness, and the bye to the lowest of the lowest group without one
// (server/tournament/README.md, "Swiss and McMahon pairing"). A search in that order of priority, with
// backtracking, so that a late round hard to pair is still paired when a pairing exists.
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
