// Short rated games (ended before move 100). A player with 3 or more of them
// that no admin has dealt with yet (annulled, or reviewed and kept) is on
// the admins' review list, whatever happened to the rank since.
#pragma once

#include "server/ranking/evaluation.hpp"

namespace yunzi::ranking {

inline constexpr int short_game_moves = 100;
inline constexpr int review_threshold = 3;

// A game with a result (void games have none) that ended before move 100.
bool is_short_game(const RatedGame& game);

}  // namespace yunzi::ranking
