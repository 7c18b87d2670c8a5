// What a tournament's definition must hold together once an
// admin.tournament.create or .edit has been applied to it: groups whose
// rank bands do not overlap (a rank in two bands would enter only the
// first, silently) and whose names differ (the standings, the pairings and
// the exports tell groups apart by name); a McMahon bar, floor or handicaps
// only on a McMahon, the floor not above the bar; one fixed time per round.
#pragma once

#include <string>

#include "db/tournament_records.hpp"

namespace yunzi::app {

// Empty when the settings hold together; else the first problem, in a
// sentence naming it, for a bad_request.
std::string definition_problem(const db::TournamentSettings& s);

}  // namespace yunzi::app
