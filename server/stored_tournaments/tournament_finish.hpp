// The end of a tournament, in the writer: its status becomes finished and
// each player placed where the bonus table gives points gets an award row,
// with the rank held at that moment (the association policy adds the
// points to the promotion average at that rank).
#pragma once

#include "db/error.hpp"
#include "db/records.hpp"
#include "db/tournament_records.hpp"

namespace yunzi::db {
class Stores;
}

namespace yunzi::stored_tournaments {

db::DbResult<Done> finish_tournament(db::Stores& stores, TournamentId id, int last_round, TimeMs now);

}  // namespace yunzi::stored_tournaments
