#include "server/tournament/standings.hpp"

#include <algorithm>
#include <map>

#include "server/tournament/player_history.hpp"

namespace yunzi::tournament {

namespace {

std::map<PlayerId, HalfPoints> sums_of_opponents(const TournamentHistory& history,
                                                 const std::map<PlayerId, HalfPoints>& value_of,
                                                 bool per_round_virtual) {
  std::map<PlayerId, HalfPoints> sums;
  for (const auto& [id, player] : history.players()) {
    HalfPoints sum = 0;
    for (const RoundPlay& play : player.rounds) {
      if (play.opponent) {
        sum += value_of.at(*play.opponent);
      } else {
        sum += per_round_virtual ? player.initial * history.rounds() : player.initial;
      }
    }
    sums[id] = sum;
  }
  return sums;
}

QuarterPoints defeated_opponents_score(const PlayerHistory& player, const TournamentHistory& history) {
  QuarterPoints sum = 0;
  for (const RoundPlay& play : player.rounds) {
    if (play.opponent) sum += history.of(*play.opponent).score() * play.points;
  }
  return sum;
}

int games_won(const PlayerHistory& player) {
  return static_cast<int>(std::count_if(player.rounds.begin(), player.rounds.end(),
                                        [](const RoundPlay& play) { return play.opponent && play.points == 2; }));
}

HalfPoints tie_break_value(const Standing& standing, TieBreak tie_break) {
  switch (tie_break) {
    case TieBreak::sos: return standing.sos;
    case TieBreak::sosos: return standing.sosos;
    case TieBreak::sodos: return standing.sodos;
    case TieBreak::direct_encounter: return 0;
  }
  return 0;
}

// Points each member of `group` took in games against the other members.
std::map<PlayerId, HalfPoints> direct_encounter_points(const std::vector<Standing>& group,
                                                       const TournamentHistory& history) {
  std::map<PlayerId, HalfPoints> points;
  for (const Standing& member : group) {
    HalfPoints sum = 0;
    for (const RoundPlay& play : history.of(member.player).rounds) {
      const bool within = play.opponent && std::any_of(group.begin(), group.end(), [&](const Standing& other) {
                            return other.player == *play.opponent;
                          });
      if (within) sum += play.points;
    }
    points[member.player] = sum;
  }
  return points;
}

class StandingsOrder {
 public:
  StandingsOrder(const std::vector<TieBreak>& tie_breaks, const TournamentHistory& history)
      : tie_breaks_(tie_breaks), history_(history) {}

  // Sorts by score and the tie-breaks, then gives places.
  void apply(std::vector<Standing>& standings) const {
    std::sort(standings.begin(), standings.end(), [&](const Standing& a, const Standing& b) {
      if (a.score != b.score) return a.score > b.score;
      for (TieBreak tie_break : tie_breaks_) {
        if (tie_break == TieBreak::direct_encounter) break;
        const HalfPoints va = tie_break_value(a, tie_break);
        const HalfPoints vb = tie_break_value(b, tie_break);
        if (va != vb) return va > vb;
      }
      return a.player < b.player;
    });
    std::size_t start = 0;
    while (start < standings.size()) {
      std::size_t end = start + 1;
      while (end < standings.size() && level_before_direct_encounter(standings[start], standings[end])) ++end;
      place_group(standings, start, end);
      start = end;
    }
  }

 private:
  bool level_before_direct_encounter(const Standing& a, const Standing& b) const {
    if (a.score != b.score) return false;
    for (TieBreak tie_break : tie_breaks_) {
      if (tie_break == TieBreak::direct_encounter) break;
      if (tie_break_value(a, tie_break) != tie_break_value(b, tie_break)) return false;
    }
    return true;
  }

  bool uses_direct_encounter() const {
    return std::find(tie_breaks_.begin(), tie_breaks_.end(), TieBreak::direct_encounter) != tie_breaks_.end();
  }

  void place_group(std::vector<Standing>& standings, std::size_t start, std::size_t end) const {
    std::map<PlayerId, HalfPoints> direct;
    if (uses_direct_encounter() && end - start > 1) {
      const std::vector<Standing> group(standings.begin() + start, standings.begin() + end);
      direct = direct_encounter_points(group, history_);
      std::stable_sort(standings.begin() + start, standings.begin() + end,
                       [&](const Standing& a, const Standing& b) { return direct[a.player] > direct[b.player]; });
    }
    for (std::size_t i = start; i < end; ++i) {
      const bool shares = i > start && direct[standings[i].player] == direct[standings[i - 1].player];
      standings[i].place = shares ? standings[i - 1].place : static_cast<int>(i) + 1;
    }
  }

  const std::vector<TieBreak>& tie_breaks_;
  const TournamentHistory& history_;
};

}  // namespace

std::vector<Standing> compute_standings(const TournamentRecord& record, const ScoreRules& rules, int through_round,
                                        const std::vector<TieBreak>& tie_breaks) {
  const TournamentHistory history(record, rules, through_round);
  std::map<PlayerId, HalfPoints> scores;
  for (const auto& [id, player] : history.players()) scores[id] = player.score();
  const auto sos = sums_of_opponents(history, scores, false);
  const auto sosos = sums_of_opponents(history, sos, true);

  std::vector<Standing> standings;
  for (const auto& [id, player] : history.players()) {
    standings.push_back(Standing{id, 1, scores.at(id), games_won(player), sos.at(id), sosos.at(id),
                                 defeated_opponents_score(player, history)});
  }
  StandingsOrder(tie_breaks, history).apply(standings);
  return standings;
}

}  // namespace yunzi::tournament
