// Round robin by the circle method over the entrants in seed order: every pair meets once in n - 1 rounds (n rounded
// up to even, the odd one out has the bye), and each player's colours alternate, never more than one apart
// (server/tournament/README.md, "Round robin"). Entrants are fixed at the start; the caller decides a withdrawn
// player's remaining games (forfeits), and the table stays.
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
