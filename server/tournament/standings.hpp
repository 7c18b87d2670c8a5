// The standings of a tournament after a round: score first, then the tie-breaks in the order the tournament names
// them (SOS, SOSOS, SODOS, direct encounter), as the EGF rules and OpenGotha define them; players level on
// everything share a place. server/tournament/README.md, "Standings and tie-breaks", has the definitions.
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
