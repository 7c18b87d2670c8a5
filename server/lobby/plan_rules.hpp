// The rules every game plan follows (game_plan.hpp): whether bots may play
// rated games, the clock of a seek or challenge that names none, and how far
// apart a rated game's ranks may be.
#pragma once

#include "core/time_control.hpp"
#include "server/ranking/eligibility.hpp"

namespace yunzi::lobby {

struct PlanRules {
  bool bots_may_play_rated = false;
  TimeControl default_clock{};                            // for seeks and challenges that name no clock
  ranking::RankGapRule rank_gap = ranking::tom_rank_gap;  // the rank policy's; see App
  friend bool operator==(const PlanRules&, const PlanRules&) = default;
};

}  // namespace yunzi::lobby
