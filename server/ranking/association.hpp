// The association policy for dan players: responsibility games score by the rank difference, and a player is
// promoted one dan when the average of the last 12/16/20 such games (+2 per dan above 1d) reaches 75/70/67.5;
// tournament bonus points won at the rank add to every window's average. The scores, the reading of "the last N"
// and demotion are settings (association_rules.hpp); server/ranking/README.md has the rules and their readings.
#pragma once

#include <array>
#include <optional>
#include <span>
#include <vector>

#include "server/ranking/association_rules.hpp"
#include "server/ranking/rated_game.hpp"

namespace yunzi::ranking {

inline constexpr int max_responsibility_gap = 2;

// Both players dan, and at most 2 dan apart or one of them 9d.
bool is_responsibility_game(Rank own, Rank opponent);

// The score of one responsibility game, or nullopt for any other pairing. A
// 9d game more than 2 dan apart scores as 2 dan apart.
std::optional<int> game_score(Rank own, Rank opponent, bool won, const ScoreTable& scores = default_association_scores);

struct AverageWindow {
  int games = 0;
  int threshold_tenths = 0;  // 750 = an average of 75.0
};

// The three windows for a dan rank: 1d 12/16/20 games, each dan 2 more.
std::array<AverageWindow, 3> promotion_windows(Rank rank);

struct AssociationStanding {
  std::vector<int> scores;  // responsibility games at this rank, oldest first
  int wins = 0;
  int losses = 0;
  int bonus_points = 0;                  // tournament bonus points added to every window's average
  std::optional<AverageWindow> reached;  // the first window whose average (with the bonus) is reached
  // The longest window, read as the rules say, averages below the demotion
  // bar (never when the rules demote nobody, or a promotion is reached).
  bool below_demotion_bar = false;
};

// Games at `rank` (counted responsibility games) finished before `before`,
// and the bonus awards at `rank` won before it.
AssociationStanding association_standing(Rank rank, std::span<const RatedGame> games_at_rank, UnixSeconds before,
                                         const AssociationRules& rules = {},
                                         std::span<const BonusAward> bonus_at_rank = {});

struct AssociationPlayer {
  UserId player = 0;
  Rank rank;
  std::vector<RatedGame> games_at_rank;     // rated games since the last rank change, in order
  std::vector<BonusAward> bonus_at_rank{};  // tournament bonus awards since the last rank change
};

struct Promotion {
  UserId player = 0;
  RankChange change;  // a promotion, or a demotion when the rules demote
};

// The rank changes published on `date` (only games finished before it count):
// one dan up for a reached average; one dan down (not below 1d) for an
// average under the demotion bar, when the rules have one.
std::vector<Promotion> monthly_promotions(std::span<const AssociationPlayer> players, UnixSeconds date,
                                          const AssociationRules& rules = {});

}  // namespace yunzi::ranking
