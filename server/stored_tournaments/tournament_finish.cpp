#include "server/stored_tournaments/tournament_finish.hpp"

#include "db/stores.hpp"
#include "server/stored_tournaments/tournament_rounds.hpp"

namespace yunzi::stored_tournaments {

db::DbResult<Done> finish_tournament(db::Stores& stores, TournamentId id, int last_round, TimeMs now) {
  if (auto set = stores.tournaments().set_status(id, "finished", last_round); !set) return set;
  auto loaded = stores.tournaments().load(id);
  if (!loaded) return unexpected(loaded.error());
  if (!*loaded || last_round == 0) return Done{};
  for (const PlacedEntrant& placed : tournament_standings(**loaded, last_round)) {
    if (placed.bonus <= 0) continue;
    auto user = stores.users().find_by_id(placed.user);
    if (!user) return unexpected(user.error());
    if (!*user) continue;
    const db::TournamentAward award{id, placed.user, placed.standing.place, placed.bonus, (*user)->rank, now};
    if (auto recorded = stores.tournaments().record_award(award); !recorded) return recorded;
  }
  return Done{};
}

}  // namespace yunzi::stored_tournaments
