#include "server/stored_tournaments/tournament_entrants.hpp"

namespace yunzi::stored_tournaments {

bool plays_in(const db::StoredTournament& t, UserId user, int round) {
  for (const db::TournamentEntrant& e : t.entrants) {
    if (e.user_id == user) return !e.withdrawn_after || round <= *e.withdrawn_after;
  }
  return false;
}

}  // namespace yunzi::stored_tournaments
