// What a round tells the players, from the tournament as stored: each
// player's own game or bye (tournament.pairing), sent when a round is paired
// to start later and again when it starts, and the round's pairings for every
// entrant (tournament.round) when it starts. Pure.
#pragma once

#include <vector>

#include "db/tournament_records.hpp"
#include "protocol/tournament_payloads.hpp"

namespace yunzi::stored_tournaments {

struct PlayerPairing {
  UserId user = 0;
  protocol::TournamentYourPairing pairing;
};

// Each player's own game or bye in `round`, which starts (or started) at
// `starts_ms`. A game that will not be played (a withdrawn player's pairing,
// decided as a forfeit when the round starts) tells its players nothing:
// `tournament.round` shows its result.
std::vector<PlayerPairing> player_pairings(const db::StoredTournament& t, int round, TimeMs starts_ms);

// The round's pairings as every entrant hears of them when it starts.
protocol::TournamentRoundEvent round_event(const db::StoredTournament& t, int round);

}  // namespace yunzi::stored_tournaments
