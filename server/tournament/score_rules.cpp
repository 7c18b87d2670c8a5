#include "server/tournament/score_rules.hpp"

#include <algorithm>

namespace yunzi::tournament {

HalfPoints initial_score(const Entrant& entrant, const ScoreRules& rules) {
  if (rules.system != System::mcmahon) return 0;
  const int floor = std::min(rules.mcmahon_floor, rules.mcmahon_bar);
  const int clamped = std::clamp(entrant.rank_index, floor, rules.mcmahon_bar);
  return 2 * (clamped - floor);
}

HalfPoints points_for_black(Outcome outcome) {
  switch (outcome) {
    case Outcome::black_wins: return 2;
    case Outcome::jigo: return 1;
    default: return 0;
  }
}

HalfPoints points_for_white(Outcome outcome) {
  switch (outcome) {
    case Outcome::white_wins: return 2;
    case Outcome::jigo: return 1;
    default: return 0;
  }
}

}  // namespace yunzi::tournament
