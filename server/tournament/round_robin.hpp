// Round robin by the circle method: with the entrants in seed order (the
// strongest first), every pair meets once over n - 1 rounds (n rounded up
// to even; the odd one out in a round has the bye). The first seed (or, with
// an odd count, the empty place that gives the bye) keeps its place and
// alternates colours; the other pairs, counted from the circle's
// top, give black alternately to the upper and the lower player. As every
// player moves one place a round, each one's colours alternate and never
// stand more than one apart. Entrants are fixed when the tournament starts;
// a withdrawn player's remaining games are decided by the caller (forfeits),
// the table stays.
#pragma once

#include <optional>
#include <vector>

#include "server/tournament/tournament_record.hpp"

namespace yunzi::tournament {

int round_robin_rounds(std::size_t entrants);

// Seed order: strongest rank first, then the lower id.
std::vector<PlayerId> seed_order(const std::vector<Entrant>& entrants);

// The pairing of `round` (1..round_robin_rounds); nullopt outside that range.
std::optional<RoundPairing> round_robin_round(const std::vector<PlayerId>& seeds, int round);

}  // namespace yunzi::tournament
