// The association policy for dan players: responsibility games (both dan, at
// most 2 dan apart) score by the rank difference (80/20 .. 100/40); a player
// is promoted one dan when the average of the last 12/16/20 responsibility
// games (+2 games per dan above 1d) reaches 75/70/67.5. No demotion.
// Promotions are published monthly by monthly_promotions().
#pragma once

#include <array>
#include <optional>
#include <span>
#include <vector>

#include "server/ranking/rated_game.hpp"

namespace yunzi::ranking {

inline constexpr int max_responsibility_gap = 2;

bool is_responsibility_game(Rank own, Rank opponent);

// The score of one responsibility game, or nullopt for any other pairing.
std::optional<int> game_score(Rank own, Rank opponent, bool won);

struct AverageWindow {
  int games = 0;
  int threshold_tenths = 0;  // 750 = an average of 75.0
};

// The three windows for a dan rank: 1d 12/16/20 games, each dan 2 more.
std::array<AverageWindow, 3> promotion_windows(Rank rank);

struct AssociationStanding {
  std::vector<int> scores;                // responsibility games at this rank, oldest first
  int wins = 0;
  int losses = 0;
  std::optional<AverageWindow> reached;   // the first window whose average is reached
};

// Games at `rank` (counted, with a rated opponent within 2 dan) finished before `before`.
AssociationStanding association_standing(Rank rank, std::span<const RatedGame> games_at_rank, UnixSeconds before);

struct AssociationPlayer {
  UserId player = 0;
  Rank rank;
  std::vector<RatedGame> games_at_rank;  // rated games since the last rank change, in order
};

struct Promotion {
  UserId player = 0;
  RankChange change;
};

// The promotions published on `date` (only games finished before it count).
std::vector<Promotion> monthly_promotions(std::span<const AssociationPlayer> players, UnixSeconds date);

}  // namespace yunzi::ranking
