// UTC calendar arithmetic on the times the server passes in: the month a
// moment falls in and the first moment of the next month.
#pragma once

#include "server/ranking/rated_game.hpp"

namespace yunzi::ranking {

inline constexpr UnixSeconds seconds_per_day = 86'400;

// Year * 12 + month - 1: equal for two moments of the same calendar month.
int calendar_month(UnixSeconds at);
bool is_first_day_of_month(UnixSeconds at);
UnixSeconds start_of_month(UnixSeconds at);
UnixSeconds start_of_next_month(UnixSeconds at);

}  // namespace yunzi::ranking
