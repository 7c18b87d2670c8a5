// The stored form of a new board from its source: an empty board with its
// handicap stones, a stored game's record (its first moves), or an SGF
// record with all its variations, every move of every variation judged by
// the engine. Owner, title (when not taken from the source) and times are
// the caller's to fill in.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "core/expected.hpp"
#include "db/board_records.hpp"
#include "protocol/errors.hpp"

namespace yunzi::boards {

struct BoardSourceError {
  protocol::ErrorCode code = protocol::ErrorCode::bad_request;
  std::string message;
};

Expected<db::NewBoard, BoardSourceError> empty_board(int size, double komi, int handicap);
// `moves`: keep this many of the record's moves (all when absent or more than it has); `at`: the current node
// after this many moves (the last kept when absent or past it).
Expected<db::NewBoard, BoardSourceError> board_from_game(const db::GameWithMoves& game,
                                                         std::optional<std::int64_t> moves, std::size_t max_nodes,
                                                         std::optional<std::int64_t> at = std::nullopt);
// What an imported record keeps besides its moves: RE, and each node's C
// (a node without a move gives its comment to the move above it; longer
// comments are cut, and past the record's total the rest are left out).
inline constexpr std::size_t kMaxResultBytes = 100;
inline constexpr std::size_t kMaxCommentBytes = 4096;
inline constexpr std::size_t kMaxRecordCommentBytes = 64 * 1024;

// The first game tree of the text; positional superko, whatever RU says.
Expected<db::NewBoard, BoardSourceError> board_from_sgf(std::string_view text, std::size_t max_nodes);

}  // namespace yunzi::boards
