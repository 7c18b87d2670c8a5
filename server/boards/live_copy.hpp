// Whether a position repeats a game being played: a player gets no analysis
// board and no estimate of their own game while it is played, also when the
// game comes back as an uploaded record (its moves, or its stones set up
// with AB/AW) or is played out by hand on an empty board. A position counts
// as the live one when it differs from the live game's current position in
// only a few points: the few stones of a candidate move and its answers, a
// capture: one per 10 stones on the live board, at most 4. A live game of
// fewer than 10 stones is not matched: its few opening moves are no
// secret, and an empty board or a common opening must not be taken for a
// copy of a game just begun. Pure.
#pragma once

#include <optional>
#include <vector>

#include "core/ids.hpp"
#include "db/board_records.hpp"
#include "engine/board.hpp"

namespace yunzi::boards {

struct LivePosition {
  GameId game = 0;
  engine::Board board;  // as the players were last told of it
};

// Points where the two positions differ (a stone against another colour or
// an empty point); boards of different sizes differ everywhere.
int differing_points(const engine::Board& a, const engine::Board& b);

// Live games of fewer stones are not matched.
inline constexpr int kMinLiveStones = 10;

// How many points may differ from a live position of `stones` stones for a
// position still to count as that game.
int allowed_differences(int stones);

// The live game `position` repeats, if any.
std::optional<GameId> repeated_live_game(const engine::Board& position, const std::vector<LivePosition>& live);

// The live game any position of a new board repeats (its start position and
// every node's), if any.
std::optional<GameId> board_repeating_live_game(const db::NewBoard& board, const std::vector<LivePosition>& live);

}  // namespace yunzi::boards
