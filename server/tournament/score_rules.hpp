// How a tournament counts: the system it is paired by, the McMahon bar and
// floor, and what a bye is worth. Scores are kept in half points so that a
// jigo (half a point each) stays exact.
#pragma once

#include "server/tournament/tournament_record.hpp"

namespace yunzi::tournament {

using HalfPoints = int;

enum class System { swiss, mcmahon, round_robin, single_elimination };

struct ScoreRules {
  System system = System::swiss;
  // McMahon: entrants start with (rank clamped to floor..bar) - floor points,
  // so everybody at or above the bar starts level at the top and everybody
  // at or below the floor starts at 0. Rank indices as in Entrant.
  int mcmahon_bar = 27;
  int mcmahon_floor = 1;
  HalfPoints bye_points = 2;  // a bye is worth a win unless set otherwise
};

// The score an entrant starts the tournament with.
HalfPoints initial_score(const Entrant& entrant, const ScoreRules& rules);

// What a finished game gave each side, in half points.
HalfPoints points_for_black(Outcome outcome);
HalfPoints points_for_white(Outcome outcome);

}  // namespace yunzi::tournament
