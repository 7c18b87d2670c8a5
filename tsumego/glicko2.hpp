// Glicko-2 ratings (Glickman, "Example of the Glicko-2 system"), for players and problems: every attempt at a
// problem is one game between the player and the problem.
#pragma once

#include <span>

namespace yunzi::tsumego {

struct Glicko {
  double rating = 1500;
  double deviation = 350;  // RD, in rating points
  double volatility = 0.06;
};

// The deviation stays within these bounds. The floor keeps a rating moving after many attempts: a problem's
// strength is estimated from players whose own ratings drift.
inline constexpr double min_glicko_deviation = 45;
inline constexpr double max_glicko_deviation = 350;

struct GlickoUpdate {
  Glicko player;
  Glicko problem;
};

// Both sides after one attempt: the player scored 1 (solved) or 0 (failed).
GlickoUpdate rate_attempt(const Glicko& player, const Glicko& problem, bool solved);

// The expected score of a player against a problem (0..1), for choosing problems near a player's level.
double expected_score(const Glicko& player, const Glicko& problem);

struct GlickoGame {
  Glicko opponent;   // as rated before the period
  double score = 0;  // 1 won, 0.5 drawn, 0 lost
};

// One rating period of the paper: every game against the opponents' ratings from before it. No games: only the
// deviation grows.
Glicko update_rating(const Glicko& player, std::span<const GlickoGame> games);

}  // namespace yunzi::tsumego
