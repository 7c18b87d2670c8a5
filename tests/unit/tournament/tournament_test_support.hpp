// Builders for tournament records and a simulator that pairs and plays whole
// tournaments with random results.
#pragma once

#include <random>
#include <set>
#include <utility>
#include <vector>

#include "server/tournament/score_rules.hpp"
#include "server/tournament/tournament_record.hpp"

namespace yunzi::tournament::testing {

// Entrants 1..count with ranks spread from `strongest` downwards, one rank
// step every `per_rank` entrants.
std::vector<Entrant> entrants(int count, int strongest = 27, int per_rank = 4);

// Adds a finished game to the record.
void play(TournamentRecord& record, int round, PlayerId black, PlayerId white, Outcome outcome);

// Adds the pairing of a round to the record with random results (no jigo,
// as with half-point komi).
void play_round(TournamentRecord& record, const RoundPairing& pairing, int round, std::mt19937& random);

// Every unordered pair that has met, counted.
std::multiset<std::pair<PlayerId, PlayerId>> pairs_met(const TournamentRecord& record);

}  // namespace yunzi::tournament::testing
