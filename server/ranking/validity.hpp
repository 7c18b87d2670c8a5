// The validity rule checked before any promotion: at most 3 counted wins
// against one opponent and at most 3 让先-giving wins in the block, and at
// most 2 of either among the block's last 5 counted games. The excess wins
// turn friendly (for both players).
#pragma once

#include <span>
#include <vector>

#include "server/ranking/rated_game.hpp"

namespace yunzi::ranking {

inline constexpr int max_wins_per_opponent = 3;
inline constexpr int max_rang_xian_wins = 3;
inline constexpr int recent_window = 5;
inline constexpr int max_recent_wins_per_opponent = 2;
inline constexpr int max_recent_rang_xian_wins = 2;

// Ids of the block's wins to convert, in block order; empty when the block is valid.
std::vector<GameId> validity_conversions(std::span<const RatedGame> block);

}  // namespace yunzi::ranking
