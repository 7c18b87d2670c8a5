#include "server/ranking/association.hpp"

#include <cstdlib>
#include <numeric>

namespace yunzi::ranking {

namespace {

struct ScoreRow {
  int win = 0;
  int loss = 0;
};

// Indexed by own rank - opponent rank + 2.
constexpr std::array<ScoreRow, 5> score_table{{{100, 40}, {95, 35}, {90, 30}, {85, 25}, {80, 20}}};

constexpr std::array<AverageWindow, 3> first_dan_windows{{{12, 750}, {16, 700}, {20, 675}}};
constexpr int extra_games_per_dan = 2;

}  // namespace

bool is_responsibility_game(Rank own, Rank opponent) {
  return own.is_dan() && opponent.is_dan() && std::abs(steps_between(own, opponent)) <= max_responsibility_gap;
}

std::optional<int> game_score(Rank own, Rank opponent, bool won) {
  if (!is_responsibility_game(own, opponent)) return std::nullopt;
  const ScoreRow& row = score_table[static_cast<std::size_t>(steps_between(opponent, own) + max_responsibility_gap)];
  return won ? row.win : row.loss;
}

std::array<AverageWindow, 3> promotion_windows(Rank rank) {
  std::array<AverageWindow, 3> windows = first_dan_windows;
  const int extra = (rank.is_dan() ? rank.grade() - 1 : 0) * extra_games_per_dan;
  for (AverageWindow& window : windows) window.games += extra;
  return windows;
}

AssociationStanding association_standing(Rank rank, std::span<const RatedGame> games_at_rank, UnixSeconds before) {
  AssociationStanding standing;
  for (const RatedGame& game : games_at_rank) {
    if (!is_counted(game) || game.finished_at >= before) continue;
    const auto score = game_score(rank, game.opponent_rank, game.outcome == Outcome::win);
    if (!score) continue;
    standing.scores.push_back(*score);
    (game.outcome == Outcome::win ? standing.wins : standing.losses) += 1;
  }
  if (!rank.is_dan() || rank == Rank::dan(9)) return standing;
  for (const AverageWindow& window : promotion_windows(rank)) {
    const auto have = static_cast<int>(standing.scores.size());
    if (have < window.games) continue;
    const int sum = std::accumulate(standing.scores.end() - window.games, standing.scores.end(), 0);
    // Compare in tenths so 67.5 needs no floating point.
    if (sum * 10 >= window.threshold_tenths * window.games) {
      standing.reached = window;
      break;
    }
  }
  return standing;
}

std::vector<Promotion> monthly_promotions(std::span<const AssociationPlayer> players, UnixSeconds date) {
  std::vector<Promotion> promotions;
  for (const AssociationPlayer& player : players) {
    if (!association_standing(player.rank, player.games_at_rank, date).reached) continue;
    promotions.push_back({player.player, RankChange{player.rank, player.rank + 1, ChangeReason::promotion, std::nullopt}});
  }
  return promotions;
}

}  // namespace yunzi::ranking
