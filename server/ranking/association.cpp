#include "server/ranking/association.hpp"

#include <algorithm>
#include <numeric>

#include "server/ranking/eligibility.hpp"

namespace yunzi::ranking {

namespace {

constexpr std::array<AverageWindow, 3> first_dan_windows{{{12, 750}, {16, 700}, {20, 675}}};
constexpr int extra_games_per_dan = 2;

// The scores a window covers under the reading, or an empty span when there are not enough games yet.
std::span<const int> window_scores(const std::vector<int>& scores, int games, AverageReading reading) {
  const auto have = static_cast<int>(scores.size());
  if (have < games) return {};
  const int end = reading == AverageReading::sliding ? have : have / games * games;
  return std::span<const int>(scores).subspan(static_cast<std::size_t>(end - games), static_cast<std::size_t>(games));
}

// Compared in tenths so 67.5 needs no floating point; the bonus adds to the average.
bool average_at_least(std::span<const int> scores, int bonus, int threshold_tenths) {
  const int count = static_cast<int>(scores.size());
  const int sum = std::accumulate(scores.begin(), scores.end(), 0) + bonus * count;
  return sum * 10 >= threshold_tenths * count;
}

}  // namespace

bool is_responsibility_game(Rank own, Rank opponent) {
  return own.is_dan() && opponent.is_dan() && rank_gap_allowed(association_rank_gap, own, opponent);
}

std::optional<int> game_score(Rank own, Rank opponent, bool won, const ScoreTable& scores) {
  if (!is_responsibility_game(own, opponent)) return std::nullopt;
  const int difference = std::clamp(steps_between(opponent, own), -max_responsibility_gap, max_responsibility_gap);
  const ScoreRow& row = scores[static_cast<std::size_t>(max_responsibility_gap - difference)];
  return won ? row.win : row.loss;
}

std::array<AverageWindow, 3> promotion_windows(Rank rank) {
  std::array<AverageWindow, 3> windows = first_dan_windows;
  const int extra = (rank.is_dan() ? rank.grade() - 1 : 0) * extra_games_per_dan;
  for (AverageWindow& window : windows) window.games += extra;
  return windows;
}

AssociationStanding association_standing(Rank rank, std::span<const RatedGame> games_at_rank, UnixSeconds before,
                                         const AssociationRules& rules, std::span<const BonusAward> bonus_at_rank) {
  AssociationStanding standing;
  for (const BonusAward& award : bonus_at_rank) {
    if (award.awarded_at < before) standing.bonus_points += award.points;
  }
  for (const RatedGame& game : games_at_rank) {
    if (!is_counted(game) || game.finished_at >= before) continue;
    const auto score = game_score(rank, game.opponent_rank, game.outcome == Outcome::win, rules.scores);
    if (!score) continue;
    standing.scores.push_back(*score);
    (game.outcome == Outcome::win ? standing.wins : standing.losses) += 1;
  }
  if (!rank.is_dan()) return standing;
  const auto windows = promotion_windows(rank);
  if (rank != Rank::dan(9)) {
    for (const AverageWindow& window : windows) {
      const auto scores = window_scores(standing.scores, window.games, rules.reading);
      if (!scores.empty() && average_at_least(scores, standing.bonus_points, window.threshold_tenths)) {
        standing.reached = window;
        break;
      }
    }
  }
  if (rules.demotion_below_tenths && !standing.reached) {
    const auto scores = window_scores(standing.scores, windows.back().games, rules.reading);
    standing.below_demotion_bar =
        !scores.empty() && !average_at_least(scores, standing.bonus_points, *rules.demotion_below_tenths);
  }
  return standing;
}

std::vector<Promotion> monthly_promotions(std::span<const AssociationPlayer> players, UnixSeconds date,
                                          const AssociationRules& rules) {
  std::vector<Promotion> changes;
  for (const AssociationPlayer& player : players) {
    const AssociationStanding standing =
        association_standing(player.rank, player.games_at_rank, date, rules, player.bonus_at_rank);
    if (standing.reached) {
      changes.push_back(
          {player.player, RankChange{player.rank, player.rank + 1, ChangeReason::promotion, std::nullopt}});
    } else if (standing.below_demotion_bar && player.rank > Rank::dan(1)) {
      changes.push_back(
          {player.player, RankChange{player.rank, player.rank - 1, ChangeReason::demotion, std::nullopt}});
    }
  }
  return changes;
}

}  // namespace yunzi::ranking
