// Who of a stored tournament's entrants plays a round. Pure.
#pragma once

#include "db/tournament_records.hpp"

namespace yunzi::stored_tournaments {

// A withdrawn player plays no round after the one they withdrew in; a round
// robin keeps its table and a waiting round its pairing, so such a pairing
// can still name them. Not an entrant: false.
bool plays_in(const db::StoredTournament& t, UserId user, int round);

}  // namespace yunzi::stored_tournaments
