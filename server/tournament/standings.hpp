// The standings of a tournament after a round: score first, then the tie-breaks in the order the tournament names
// them, from the EGF set; players level on everything share a place. server/tournament/README.md, "Standings and
// tie-breaks", has the definitions.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "server/tournament/score_rules.hpp"
#include "server/tournament/tournament_record.hpp"

namespace yunzi::tournament {

enum class TieBreak { sos, sos_minus_1, sos_minus_2, mos, sosos, sodos, wins, direct_encounter };

inline const std::vector<TieBreak> default_tie_breaks{TieBreak::sos, TieBreak::sosos, TieBreak::sodos,
                                                      TieBreak::direct_encounter};

// The names used in settings and on the wire: sos, sos-1, sos-2, mos, sosos,
// sodos, wins, direct.
std::optional<TieBreak> tie_break_named(std::string_view name);
std::string_view name_of(TieBreak tie_break);

using QuarterPoints = int;

struct Standing {
  PlayerId player = 0;
  int place = 1;         // 1 is first; equal places for players level on everything
  HalfPoints score = 0;  // McMahon: the starting score included
  int wins = 0;          // games won, byes not counted
  int games = 0;         // games played to a result, byes not counted
  HalfPoints sos = 0;
  HalfPoints sos_minus_1 = 0;
  HalfPoints sos_minus_2 = 0;
  HalfPoints mos = 0;
  HalfPoints sosos = 0;
  QuarterPoints sodos = 0;
};

std::vector<Standing> compute_standings(const TournamentRecord& record, const ScoreRules& rules, int through_round,
                                        const std::vector<TieBreak>& tie_breaks = default_tie_breaks);

}  // namespace yunzi::tournament
