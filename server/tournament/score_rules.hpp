// How a tournament counts: the system it is paired by, the McMahon bar and
// floor, and what a bye is worth. Scores are kept in half points so that a
// jigo (half a point each) stays exact.
#pragma once

#include "server/tournament/tournament_record.hpp"

namespace yunzi::tournament {

using HalfPoints = int;

enum class System { swiss, mcmahon, round_robin, single_elimination };

// How the players of one score group are paired among themselves, counted
// from the strongest (1) to the weakest (n): adjacent 1-2, 3-4; fold 1-n,
// 2-(n-1); slide 1-(n/2+1), 2-(n/2+2).
enum class GroupMethod { adjacent, fold, slide };

// McMahon handicaps: a game is given the players' McMahon score difference
// in whole points, less `reduction`, at most `max` (0: even games only).
struct HandicapRules {
  int reduction = 1;
  int max = 0;
};

struct ScoreRules {
  System system = System::swiss;
  // McMahon: entrants start with (rank clamped to floor..bar) - floor points,
  // so everybody at or above the bar starts level at the top and everybody
  // at or below the floor starts at 0. Rank indices as in Entrant.
  int mcmahon_bar = 27;
  int mcmahon_floor = 1;
  HalfPoints bye_points = 2;  // a bye is worth a win unless set otherwise
  // A Swiss or McMahon: the method of round 1 and of the rounds after it.
  GroupMethod first_round_method = GroupMethod::adjacent;
  GroupMethod group_method = GroupMethod::adjacent;
  // The rounds the tournament plays; a Swiss or McMahon looks one round
  // ahead before the last (0: no look-ahead).
  int rounds = 0;
  HandicapRules handicaps;  // a McMahon only
};

// The score an entrant starts the tournament with.
HalfPoints initial_score(const Entrant& entrant, const ScoreRules& rules);

// What a finished game gave each side, in half points.
HalfPoints points_for_black(Outcome outcome);
HalfPoints points_for_white(Outcome outcome);

}  // namespace yunzi::tournament
