// The rounds of each line of a tournament export, as the EGF results format
// writes them and the CSV repeats them: the opponent's line number (players
// are numbered over all groups, so every number is unique), the result and
// the colour ("3+/b"); a bye "0+" (or "0=" / "0-" when it is worth half a
// point or nothing), "0-" a round without a game.
#pragma once

#include <string>
#include <vector>

#include "db/tournament_records.hpp"
#include "protocol/tournament_payloads.hpp"

namespace yunzi::http {

// Whether a round of an even game writes its handicap: the EGF file writes
// "/b0" so that an even game cannot be read as one with a handicap from the
// ranks; the CSV writes a handicap only where there was one ("/b2").
enum class EvenGameHandicap { write_zero, leave_out };

// For each line of `standings` (stored_tournaments::standings_of(t)), its
// rounds in order, the handicap after the colour.
std::vector<std::vector<std::string>> export_rounds(const db::StoredTournament& t,
                                                    const std::vector<protocol::TournamentStandingInfo>& standings,
                                                    EvenGameHandicap even);

}  // namespace yunzi::http
