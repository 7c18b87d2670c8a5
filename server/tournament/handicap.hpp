// McMahon handicaps: how many stones a game between two players of
// different McMahon scores is played with, and who takes black in it.
#pragma once

#include "server/tournament/player_history.hpp"
#include "server/tournament/score_rules.hpp"

namespace yunzi::tournament {

// The handicap for McMahon scores `difference` half points apart (either
// sign): whole points of difference less the reduction, between 0 and the
// cap. A half point (a jigo) does not count towards a stone.
int handicap_for(HalfPoints difference, const HandicapRules& rules);

// The game of the two players: a handicap game with the weaker (the lower
// McMahon score) as black when the scores give one, else an even game whose
// colours follow the colour rules.
Pairing pair_game(const PlayerHistory& first, const PlayerHistory& second, const HandicapRules& rules);

}  // namespace yunzi::tournament
