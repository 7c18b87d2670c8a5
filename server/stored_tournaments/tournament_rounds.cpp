#include "server/stored_tournaments/tournament_rounds.hpp"

#include <algorithm>
#include <limits>

#include "server/tournament/elimination.hpp"
#include "server/tournament/round_robin.hpp"
#include "server/tournament/swiss_pairing.hpp"

namespace yunzi::stored_tournaments {
namespace {

tournament::Outcome outcome_from_text(std::string_view text) {
  if (text == "black_wins") return tournament::Outcome::black_wins;
  if (text == "white_wins") return tournament::Outcome::white_wins;
  if (text == "jigo") return tournament::Outcome::jigo;
  if (text == "both_lose") return tournament::Outcome::both_lose;
  return tournament::Outcome::pending;
}

tournament::PlayerId player_id(UserId user) { return static_cast<tournament::PlayerId>(user); }

// The rounds a group's table holds: a round robin's or a bracket's; a Swiss or McMahon has no table.
int table_rounds(tournament::System system, std::size_t entrants) {
  switch (system) {
    case tournament::System::round_robin: return tournament::round_robin_rounds(entrants);
    case tournament::System::single_elimination: return tournament::elimination_rounds(entrants);
    default: return std::numeric_limits<int>::max();
  }
}

tournament::GroupMethod group_method_of(std::string_view name) {
  if (name == "fold") return tournament::GroupMethod::fold;
  if (name == "slide") return tournament::GroupMethod::slide;
  return tournament::GroupMethod::adjacent;
}

// The one player of a group who plays the round, if only one does.
std::optional<tournament::PlayerId> lone_player(const tournament::TournamentRecord& record, int round) {
  std::optional<tournament::PlayerId> found;
  for (const auto& e : record.entrants) {
    if (!tournament::plays_in_round(e, round)) continue;
    if (found) return std::nullopt;
    found = e.id;
  }
  return found;
}

}  // namespace

std::vector<db::TournamentGroup> promotion_groups() {
  return {{0, "1d", Rank::dan(1), Rank::dan(1)},
          {0, "2d", Rank::dan(2), Rank::dan(2)},
          {0, "3d", Rank::dan(3), Rank::dan(3)},
          {0, "4d+", Rank::dan(4), Rank::dan(9)}};
}

std::vector<db::BonusPoints> promotion_bonus() { return {{1, 3}, {2, 2}, {3, 1}}; }

tournament::ScoreRules score_rules_of(const db::TournamentSettings& s) {
  tournament::ScoreRules rules;
  if (s.system == "mcmahon") rules.system = tournament::System::mcmahon;
  if (s.system == "round_robin") rules.system = tournament::System::round_robin;
  if (s.system == "single_elimination") rules.system = tournament::System::single_elimination;
  // The pairing rules count McMahon scores in rank steps: they take indexes.
  rules.mcmahon_bar = s.mcmahon_bar.index();
  rules.mcmahon_floor = s.mcmahon_floor.index();
  rules.bye_points = s.bye_points;
  // A bracket's bye takes the player on like a won game; worth less, it would
  // let a player knocked out stand above one who went further.
  if (rules.system == tournament::System::single_elimination) rules.bye_points = 2;
  rules.group_method = group_method_of(s.pairing);
  rules.first_round_method = group_method_of(s.first_round_pairing);
  rules.rounds = s.rounds;
  if (rules.system == tournament::System::mcmahon) rules.handicaps = {s.handicap_reduction, s.handicap_max};
  return rules;
}

std::vector<tournament::TieBreak> tie_breaks_of(std::string_view text) {
  std::vector<tournament::TieBreak> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find(',', start), text.size());
    if (const auto tie_break = tournament::tie_break_named(text.substr(start, end - start))) out.push_back(*tie_break);
    start = end + 1;
  }
  return out;
}

std::optional<std::int64_t> group_for_rank(const db::TournamentSettings& s, Rank rank) {
  for (const db::TournamentGroup& g : s.groups) {
    if (rank >= g.min_rank && rank <= g.max_rank) return g.id;
  }
  return std::nullopt;
}

std::string group_name(const db::TournamentSettings& s, std::int64_t group) {
  for (const db::TournamentGroup& g : s.groups) {
    if (g.id == group) return g.name;
  }
  return "";
}

tournament::TournamentRecord group_record(const db::StoredTournament& t, std::int64_t group) {
  tournament::TournamentRecord record;
  for (const db::TournamentEntrant& e : t.entrants) {
    if (e.group_id != group) continue;
    record.entrants.push_back({player_id(e.user_id), e.rank.index(), e.first_round, e.withdrawn_after});
  }
  for (const db::TournamentPairing& p : t.pairings) {
    if (p.group_id != group) continue;
    if (!p.white_id) {
      record.byes.push_back({p.round, player_id(p.black_id)});
      continue;
    }
    record.games.push_back(
        {p.round, {player_id(p.black_id), player_id(*p.white_id), p.handicap}, outcome_from_text(p.outcome)});
  }
  return record;
}

std::optional<int> last_round_before_withdrawal(const db::StoredTournament& t) {
  if (t.status == "registration") return std::nullopt;
  for (const db::TournamentRound& r : t.rounds) {
    if (r.number == t.current_round && r.status == "waiting") return t.current_round - 1;
  }
  return t.current_round;
}

int rounds_to_play(const db::StoredTournament& t) {
  const auto rules = score_rules_of(t.settings);
  if (rules.system != tournament::System::round_robin && rules.system != tournament::System::single_elimination) {
    return t.settings.rounds;
  }
  std::size_t largest = 0;
  for (const db::TournamentGroup& g : t.settings.groups) {
    largest = std::max(largest, group_record(t, g.id).entrants.size());
  }
  return std::min(t.settings.rounds, std::max(table_rounds(rules.system, largest), 1));
}

Expected<std::vector<db::NewTournamentPairing>, std::string> pair_round(const db::StoredTournament& t, int round) {
  const auto rules = score_rules_of(t.settings);
  std::vector<db::NewTournamentPairing> out;
  for (const db::TournamentGroup& g : t.settings.groups) {
    tournament::TournamentRecord record = group_record(t, g.id);
    // Pairings of this round stored before (a re-pairing) are not history.
    std::erase_if(record.games, [round](const auto& game) { return game.round >= round; });
    std::erase_if(record.byes, [round](const auto& bye) { return bye.round >= round; });
    const auto seeds = tournament::seed_order(record.entrants);
    // A group whose table is done sits out while a larger group plays on.
    if (round > table_rounds(rules.system, seeds.size())) continue;
    // A group's only player has a bye each round; the other groups play on.
    if (const auto lone = lone_player(record, round)) {
      out.push_back({g.id, round, *lone, std::nullopt});
      continue;
    }
    const bool anyone = std::any_of(record.entrants.begin(), record.entrants.end(),
                                    [round](const auto& e) { return tournament::plays_in_round(e, round); });
    if (!anyone) continue;
    std::optional<tournament::RoundPairing> pairing;
    switch (rules.system) {
      case tournament::System::swiss:
      case tournament::System::mcmahon: pairing = tournament::pair_swiss_round(record, rules, round); break;
      case tournament::System::round_robin: pairing = tournament::round_robin_round(seeds, round); break;
      case tournament::System::single_elimination: pairing = tournament::elimination_round(record, seeds, round); break;
    }
    if (!pairing) return unexpected("group " + g.name + " cannot be paired for round " + std::to_string(round));
    for (const auto& game : pairing->games) out.push_back({g.id, round, game.black, game.white, game.handicap});
    for (const auto bye : pairing->byes) out.push_back({g.id, round, bye, std::nullopt});
  }
  return out;
}

std::string outcome_of_result(const GameResult& result) {
  if (result.winner) return *result.winner == Color::black ? "black_wins" : "white_wins";
  if (result.how == EndReason::count) return "jigo";
  return "both_lose";
}

std::string pairing_how(const GameResult& result) { return result.how == EndReason::forfeit ? "forfeit" : "played"; }

std::vector<PlacedEntrant> tournament_standings(const db::StoredTournament& t, int through_round) {
  const auto rules = score_rules_of(t.settings);
  const auto tie_breaks = tie_breaks_of(t.settings.tie_breaks);
  std::vector<PlacedEntrant> out;
  for (const db::TournamentGroup& g : t.settings.groups) {
    const auto record = group_record(t, g.id);
    if (record.entrants.empty()) continue;
    for (const tournament::Standing& s : tournament::compute_standings(record, rules, through_round, tie_breaks)) {
      int bonus = 0;
      // A place reached without a game played (byes alone) earns no bonus points.
      if (t.status == "finished" && s.games > 0) {
        for (const db::BonusPoints& b : t.settings.bonus_points) {
          if (b.place == s.place) bonus = b.points;
        }
      }
      out.push_back({g.id, s.player, s, bonus});
    }
  }
  return out;
}

}  // namespace yunzi::stored_tournaments
