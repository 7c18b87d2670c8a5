// The standings of a tournament after a round: score first, then the
// tie-breaks in the order the tournament names them, as the EGF rules and
// OpenGotha define them:
//  - SOS: the sum of the opponents' scores. A round without an opponent (a
//    bye, a round missed) counts as a virtual opponent with the player's own
//    starting score (0 in a Swiss, the McMahon start in a McMahon);
//  - SOSOS: the sum of the opponents' SOS; a round without an opponent adds
//    the starting score once per round counted;
//  - SODOS: the sum of the scores of the opponents beaten, half of those
//    drawn with;
//  - direct encounter: among players still level on everything before it,
//    the points they took from each other's games.
// Players level on everything share a place.
#pragma once

#include <vector>

#include "server/tournament/score_rules.hpp"
#include "server/tournament/tournament_record.hpp"

namespace yunzi::tournament {

enum class TieBreak { sos, sosos, sodos, direct_encounter };

inline const std::vector<TieBreak> default_tie_breaks{TieBreak::sos, TieBreak::sosos, TieBreak::sodos,
                                                      TieBreak::direct_encounter};

using QuarterPoints = int;

struct Standing {
  PlayerId player = 0;
  int place = 1;         // 1 is first; equal places for players level on everything
  HalfPoints score = 0;  // McMahon: the starting score included
  int wins = 0;          // games won, byes not counted
  HalfPoints sos = 0;
  HalfPoints sosos = 0;
  QuarterPoints sodos = 0;
};

std::vector<Standing> compute_standings(const TournamentRecord& record, const ScoreRules& rules, int through_round,
                                        const std::vector<TieBreak>& tie_breaks = default_tie_breaks);

}  // namespace yunzi::tournament
