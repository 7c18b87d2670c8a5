// Short rated games ("短手数（100手以内）": ended at move 100 or earlier,
// passes counted as moves) and the admins' review list of players with 3 or
// more of them in their current block.
#pragma once

#include <span>
#include <vector>

#include "server/ranking/evaluation.hpp"

namespace yunzi::ranking {

inline constexpr int short_game_moves = 100;
inline constexpr int review_threshold = 3;

// A game with a result (void games have none) of at most 100 moves; a pass is
// a move of the game record, so passes count.
bool is_short_game(const RatedGame& game);

struct ReviewEntry {
  UserId player = 0;
  std::vector<GameId> short_games;  // in block order, annulled games left out
};

// Players of `players` with at least 3 short games in their current block, in the given order.
std::vector<ReviewEntry> review_list(std::span<const PlayerState> players);

}  // namespace yunzi::ranking
