#include "server/stored_tournaments/tournament_announcements.hpp"

#include <map>
#include <string>

#include "server/stored_tournaments/tournament_entrants.hpp"
#include "server/stored_tournaments/tournament_views.hpp"

namespace yunzi::stored_tournaments {

std::vector<PlayerPairing> player_pairings(const db::StoredTournament& t, int round, TimeMs starts_ms) {
  std::map<UserId, std::string> names;
  for (const auto& e : t.entrants) names[e.user_id] = e.name;
  std::vector<PlayerPairing> out;
  for (const db::TournamentPairing& p : t.pairings) {
    if (p.round != round) continue;
    if (!p.white_id) {
      out.push_back({p.black_id, {t.id, round, std::nullopt, "", std::nullopt, true, starts_ms}});
      continue;
    }
    const bool played = p.outcome == "pending" && plays_in(t, p.black_id, round) && plays_in(t, *p.white_id, round);
    if (!played) continue;
    out.push_back({p.black_id, {t.id, round, p.game_id, "black", names[*p.white_id], false, starts_ms, p.handicap}});
    out.push_back({*p.white_id, {t.id, round, p.game_id, "white", names[p.black_id], false, starts_ms, p.handicap}});
  }
  return out;
}

protocol::TournamentRoundEvent round_event(const db::StoredTournament& t, int round) {
  return {t.id, t.settings.name, round, pairings_of(t, round)};
}

}  // namespace yunzi::stored_tournaments
