#include "server/stored_tournaments/tournament_views.hpp"

#include <map>

#include <nlohmann/json.hpp>

#include "protocol/settings.hpp"
#include "server/stored_tournaments/tournament_rounds.hpp"

namespace yunzi::stored_tournaments {
namespace {

std::map<UserId, const db::TournamentEntrant*> entrants_by_user(const db::StoredTournament& t) {
  std::map<UserId, const db::TournamentEntrant*> out;
  for (const auto& e : t.entrants) out[e.user_id] = &e;
  return out;
}

std::string name_in(const std::map<UserId, const db::TournamentEntrant*>& by_user, UserId user) {
  auto it = by_user.find(user);
  return it == by_user.end() ? "#" + std::to_string(user) : it->second->name;
}

double points(int half_points) { return half_points / 2.0; }

// The clock a tournament's games are played with, kept as its wire `time`
// object; one that no longer reads means no clock.
TimeControl clock_of(const db::TournamentSettings& s) {
  auto clock = protocol::decode_time_control(nlohmann::json::parse(s.clock_json, nullptr, false));
  return clock ? *clock : TimeControl::none();
}

}  // namespace

GameSettings game_settings_of(const db::TournamentSettings& s) {
  GameSettings settings;
  settings.size = s.size;
  settings.komi = s.komi;
  settings.rated = s.rated;
  settings.handicap = 0;
  settings.time = clock_of(s);
  return settings;
}

GameSettings game_settings_of(const db::TournamentSettings& s, const db::TournamentPairing& p) {
  GameSettings settings = game_settings_of(s);
  settings.handicap = p.handicap;
  if (p.handicap > 0) settings.komi = default_komi_handicap;
  return settings;
}

protocol::TournamentSummaryInfo summary_info(const db::TournamentSummary& t) {
  return {t.id, t.name, t.system, t.status, t.rounds, t.current_round, t.entrants, t.registration_closes_ms};
}

protocol::TournamentDetails details_of(const db::StoredTournament& t) {
  const db::TournamentSettings& s = t.settings;
  protocol::TournamentDetails d;
  d.summary = {t.id,
               s.name,
               s.system,
               t.status,
               s.rounds,
               t.current_round,
               static_cast<int>(t.entrants.size()),
               s.registration_closes_ms};
  d.settings = game_settings_of(s);
  for (const auto& g : s.groups) d.groups.push_back({g.name, g.min_rank, g.max_rank});
  if (s.system == "mcmahon") {
    d.mcmahon_bar = s.mcmahon_bar;
    d.mcmahon_floor = s.mcmahon_floor;
    d.handicap_max = s.handicap_max;
    d.handicap_reduction = s.handicap_reduction;
  }
  d.round_start = s.round_start;
  d.round_times_ms = s.round_times;
  d.round_gap_ms = s.round_gap_ms;
  d.no_show_ms = s.no_show_ms;
  d.bye_points = points(s.bye_points);
  for (const auto& b : s.bonus_points) d.bonus.push_back(b.points);
  for (const auto tie_break : tie_breaks_of(s.tie_breaks)) d.tie_breaks.emplace_back(tournament::name_of(tie_break));
  d.pairing = s.pairing;
  d.first_round_pairing = s.first_round_pairing;
  for (const auto& r : t.rounds) {
    if (r.number == t.current_round && r.status == "waiting") d.next_round_ms = r.scheduled_ms;
  }
  for (const auto& e : t.entrants) {
    d.entrants.push_back({e.name, e.rank, group_name(s, e.group_id), e.withdrawn_after});
  }
  return d;
}

std::vector<protocol::TournamentPairingInfo> pairings_of(const db::StoredTournament& t, int round) {
  const auto by_user = entrants_by_user(t);
  std::vector<protocol::TournamentPairingInfo> out;
  for (const auto& p : t.pairings) {
    if (p.round != round) continue;
    std::optional<std::string> white;
    if (p.white_id) white = name_in(by_user, *p.white_id);
    out.push_back({p.id, p.round, group_name(t.settings, p.group_id), name_in(by_user, p.black_id), white, p.game_id,
                   p.handicap, p.outcome, p.how});
  }
  return out;
}

std::vector<protocol::TournamentStandingInfo> standings_of(const db::StoredTournament& t) {
  const auto by_user = entrants_by_user(t);
  const auto placed = tournament_standings(t, t.current_round);
  std::map<UserId, int> place_of;
  for (const auto& p : placed) place_of[p.user] = p.standing.place;
  std::vector<protocol::TournamentStandingInfo> out;
  for (const PlacedEntrant& p : placed) {
    const tournament::Standing& s = p.standing;
    protocol::TournamentStandingInfo info;
    info.group = group_name(t.settings, p.group);
    info.place = s.place;
    info.name = name_in(by_user, p.user);
    info.rank = by_user.count(p.user) ? by_user.at(p.user)->rank : lowest_rank;
    info.score = points(s.score);
    info.wins = s.wins;
    info.sos = points(s.sos);
    info.sos_minus_1 = points(s.sos_minus_1);
    info.sos_minus_2 = points(s.sos_minus_2);
    info.mos = points(s.mos);
    info.sosos = points(s.sosos);
    info.sodos = s.sodos / 4.0;
    info.bonus = p.bonus;
    for (int round = 1; round <= t.current_round; ++round) {
      protocol::CrossTableCell cell{round, std::nullopt, "", ""};
      for (const auto& pairing : t.pairings) {
        if (pairing.round != round || (pairing.black_id != p.user && pairing.white_id != p.user)) continue;
        if (!pairing.white_id) {
          cell.result = "bye";
          break;
        }
        const bool black = pairing.black_id == p.user;
        const UserId opponent = black ? *pairing.white_id : pairing.black_id;
        cell.opponent_place = place_of.count(opponent) ? std::optional<int>(place_of[opponent]) : std::nullopt;
        cell.color = black ? "b" : "w";
        if (pairing.outcome == "pending") cell.result = "?";
        else if (pairing.outcome == "jigo") cell.result = "=";
        else if (pairing.outcome == "both_lose") cell.result = "-";
        else cell.result = (pairing.outcome == "black_wins") == black ? "+" : "-";
        break;
      }
      info.rounds.push_back(cell);
    }
    out.push_back(std::move(info));
  }
  return out;
}

}  // namespace yunzi::stored_tournaments
