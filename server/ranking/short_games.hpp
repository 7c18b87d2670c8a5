// Short rated games ("短手数（100手以内）": ended at move 100 or earlier,
// passes counted as moves). A player with 3 or more of them that no admin
// has dealt with yet (annulled, or reviewed and kept) is on the admins'
// review list, whatever happened to the rank since.
#pragma once

#include "server/ranking/evaluation.hpp"

namespace yunzi::ranking {

inline constexpr int short_game_moves = 100;
inline constexpr int review_threshold = 3;

// A game with a result (void games have none) of at most 100 moves; a pass is
// a move of the game record, so passes count.
bool is_short_game(const RatedGame& game);

}  // namespace yunzi::ranking
