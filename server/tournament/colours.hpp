// Who takes black in a tournament pairing. Even games: the player who has
// had black more often takes white; on equal counts each alternates from
// their last game; then the player with fewer blacks in all takes black, and
// finally the weaker player (Go's custom: the weaker side plays first).
#pragma once

#include "server/tournament/player_history.hpp"

namespace yunzi::tournament {

// No player ever has more than this many blacks over whites or the reverse;
// pairing treats it as a hard limit while any pairing within it exists.
inline constexpr int max_colour_imbalance = 2;

Pairing assign_colours(const PlayerHistory& first, const PlayerHistory& second);

// Whether the pair can be given colours without passing the imbalance limit.
bool colours_within_limit(const PlayerHistory& first, const PlayerHistory& second);

// Whether both players are due the same colour (both had black more often,
// or both had it last), so one of them will not get the colour they are due.
bool colour_wishes_clash(const PlayerHistory& first, const PlayerHistory& second);

}  // namespace yunzi::tournament
