// Single elimination. Seeds in rank order (the strongest first) are placed in
// the usual bracket (1 v 16, 8 v 9, ... for 16 places) so that the strongest
// seeds meet last; with fewer entrants than places the top seeds get byes in
// the first round. Winners of neighbouring matches meet in the next round.
// A jigo sends the higher seed on; a game lost by both (both forfeited)
// sends nobody on, and the player who would have met the winner of that
// match has a bye. The weaker player of a pair takes black.
#pragma once

#include <optional>
#include <vector>

#include "server/tournament/tournament_record.hpp"

namespace yunzi::tournament {

int elimination_rounds(std::size_t entrants);

// The pairing of `round` given the results so far; nullopt when the round is
// outside the bracket or a game of the round before is still pending.
std::optional<RoundPairing> elimination_round(const TournamentRecord& record, const std::vector<PlayerId>& seeds,
                                              int round);

}  // namespace yunzi::tournament
