// A stored tournament as the protocol shows it: details, pairings of a
// round, standings with the cross-table. Pure.
#pragma once

#include "db/tournament_records.hpp"
#include "protocol/tournament_payloads.hpp"

namespace yunzi::stored_tournaments {

// The settings every game of the tournament is played with (even, its clock).
GameSettings game_settings_of(const db::TournamentSettings& s);
// The settings of one pairing's game: the tournament's, with the pairing's
// handicap and, in a handicap game, the handicap komi.
GameSettings game_settings_of(const db::TournamentSettings& s, const db::TournamentPairing& p);
protocol::TournamentSummaryInfo summary_info(const db::TournamentSummary& t);
protocol::TournamentDetails details_of(const db::StoredTournament& t);
std::vector<protocol::TournamentPairingInfo> pairings_of(const db::StoredTournament& t, int round);
// Results in so far count; a pending game scores nothing yet.
std::vector<protocol::TournamentStandingInfo> standings_of(const db::StoredTournament& t);

}  // namespace yunzi::stored_tournaments
