#include "server/tournament/standings.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <utility>

#include "server/tournament/player_history.hpp"

namespace yunzi::tournament {

namespace {

constexpr std::array<std::pair<TieBreak, std::string_view>, 8> tie_break_names{{
    {TieBreak::sos, "sos"},
    {TieBreak::sos_minus_1, "sos-1"},
    {TieBreak::sos_minus_2, "sos-2"},
    {TieBreak::mos, "mos"},
    {TieBreak::sosos, "sosos"},
    {TieBreak::sodos, "sodos"},
    {TieBreak::wins, "wins"},
    {TieBreak::direct_encounter, "direct"},
}};

// Each round's opponent score, the player's own start for a round without
// an opponent (EGF: "in a McMahon his own start McMahon Score ... in a
// Swiss 0"), lowest first.
std::vector<HalfPoints> opponent_scores(const PlayerHistory& player, const std::map<PlayerId, HalfPoints>& scores) {
  std::vector<HalfPoints> values;
  for (const RoundPlay& play : player.rounds)
    values.push_back(play.opponent ? scores.at(*play.opponent) : player.initial);
  std::sort(values.begin(), values.end());
  return values;
}

HalfPoints sum_without(const std::vector<HalfPoints>& sorted, std::size_t lowest, std::size_t highest) {
  if (sorted.size() <= lowest + highest) return 0;
  HalfPoints sum = 0;
  for (std::size_t i = lowest; i < sorted.size() - highest; ++i) sum += sorted[i];
  return sum;
}

HalfPoints sum_of_opponents_sos(const PlayerHistory& player, const std::map<PlayerId, HalfPoints>& sos, int rounds) {
  HalfPoints sum = 0;
  for (const RoundPlay& play : player.rounds) sum += play.opponent ? sos.at(*play.opponent) : player.initial * rounds;
  return sum;
}

QuarterPoints defeated_opponents_score(const PlayerHistory& player, const std::map<PlayerId, HalfPoints>& scores) {
  QuarterPoints sum = 0;
  for (const RoundPlay& play : player.rounds) {
    if (play.opponent) sum += scores.at(*play.opponent) * play.points;
  }
  return sum;
}

int count_games(const PlayerHistory& player, bool won_only) {
  return static_cast<int>(std::count_if(player.rounds.begin(), player.rounds.end(), [won_only](const RoundPlay& play) {
    return play.opponent && play.decided && (!won_only || play.points == 2);
  }));
}

long value_of(const Standing& standing, TieBreak tie_break) {
  switch (tie_break) {
    case TieBreak::sos: return standing.sos;
    case TieBreak::sos_minus_1: return standing.sos_minus_1;
    case TieBreak::sos_minus_2: return standing.sos_minus_2;
    case TieBreak::mos: return standing.mos;
    case TieBreak::sosos: return standing.sosos;
    case TieBreak::sodos: return standing.sodos;
    case TieBreak::wins: return standing.wins;
    case TieBreak::direct_encounter: return 0;
  }
  return 0;
}

// Direct comparison as the EGF defines it: among players level on
// everything before it, and only when each of them has met every other;
// then the points each took from those games. Otherwise it leaves them level.
std::map<PlayerId, long> direct_comparison(const std::vector<Standing>& level, const TournamentHistory& history) {
  std::map<PlayerId, long> points;
  for (const Standing& member : level) points[member.player] = 0;
  for (const Standing& member : level) {
    const PlayerHistory& player = history.of(member.player);
    for (const Standing& other : level) {
      if (other.player == member.player) continue;
      if (!player.has_met(other.player)) return {};
    }
    for (const RoundPlay& play : player.rounds) {
      if (play.opponent && points.count(*play.opponent)) points[member.player] += play.points;
    }
  }
  return points;
}

// Orders players level so far by one criterion after another: each splits
// every run of players still level, highest value first.
class StandingsOrder {
 public:
  StandingsOrder(const std::vector<TieBreak>& tie_breaks, const TournamentHistory& history)
      : tie_breaks_(tie_breaks), history_(history) {}

  void apply(std::vector<Standing>& standings) const {
    std::sort(standings.begin(), standings.end(), [](const Standing& a, const Standing& b) {
      return a.score != b.score ? a.score > b.score : a.player < b.player;
    });
    // Boundaries between players no longer level; starts with the score's.
    std::vector<bool> apart(standings.size(), true);
    for (std::size_t i = 1; i < standings.size(); ++i) apart[i] = standings[i].score != standings[i - 1].score;
    for (const TieBreak tie_break : tie_breaks_) split_runs(standings, apart, tie_break);
    for (std::size_t i = 0; i < standings.size(); ++i) {
      standings[i].place = i > 0 && !apart[i] ? standings[i - 1].place : static_cast<int>(i) + 1;
    }
  }

 private:
  void split_runs(std::vector<Standing>& standings, std::vector<bool>& apart, TieBreak tie_break) const {
    std::size_t start = 0;
    while (start < standings.size()) {
      std::size_t end = start + 1;
      while (end < standings.size() && !apart[end]) ++end;
      if (end - start > 1) split_run(standings, apart, start, end, tie_break);
      start = end;
    }
  }

  void split_run(std::vector<Standing>& standings, std::vector<bool>& apart, std::size_t start, std::size_t end,
                 TieBreak tie_break) const {
    const auto first = standings.begin() + static_cast<std::ptrdiff_t>(start);
    const auto last = standings.begin() + static_cast<std::ptrdiff_t>(end);
    std::map<PlayerId, long> values;
    if (tie_break == TieBreak::direct_encounter) {
      values = direct_comparison({first, last}, history_);
      if (values.empty()) return;
    } else {
      for (auto it = first; it != last; ++it) values[it->player] = value_of(*it, tie_break);
    }
    std::stable_sort(first, last,
                     [&](const Standing& a, const Standing& b) { return values[a.player] > values[b.player]; });
    for (std::size_t i = start + 1; i < end; ++i) {
      if (values[standings[i].player] != values[standings[i - 1].player]) apart[i] = true;
    }
  }

  const std::vector<TieBreak>& tie_breaks_;
  const TournamentHistory& history_;
};

}  // namespace

std::optional<TieBreak> tie_break_named(std::string_view name) {
  for (const auto& [tie_break, text] : tie_break_names) {
    if (text == name) return tie_break;
  }
  return std::nullopt;
}

std::string_view name_of(TieBreak tie_break) {
  for (const auto& [known, text] : tie_break_names) {
    if (known == tie_break) return text;
  }
  return "";
}

std::vector<Standing> compute_standings(const TournamentRecord& record, const ScoreRules& rules, int through_round,
                                        const std::vector<TieBreak>& tie_breaks) {
  const TournamentHistory history(record, rules, through_round);
  std::map<PlayerId, HalfPoints> scores;
  for (const auto& [id, player] : history.players()) scores[id] = player.score();
  std::map<PlayerId, HalfPoints> sos;
  std::vector<Standing> standings;
  for (const auto& [id, player] : history.players()) {
    const auto opponents = opponent_scores(player, scores);
    Standing standing;
    standing.player = id;
    standing.score = scores.at(id);
    standing.wins = count_games(player, true);
    standing.games = count_games(player, false);
    standing.sos = sum_without(opponents, 0, 0);
    standing.sos_minus_1 = sum_without(opponents, 1, 0);
    standing.sos_minus_2 = sum_without(opponents, 2, 0);
    standing.mos = sum_without(opponents, 1, 1);
    standing.sodos = defeated_opponents_score(player, scores);
    sos[id] = standing.sos;
    standings.push_back(standing);
  }
  for (Standing& standing : standings) {
    standing.sosos = sum_of_opponents_sos(history.of(standing.player), sos, history.rounds());
  }
  StandingsOrder(tie_breaks, history).apply(standings);
  return standings;
}

}  // namespace yunzi::tournament
