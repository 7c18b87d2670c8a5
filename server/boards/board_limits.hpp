// What one user may hold in analysis boards (server/config/README.md has the settings).
#pragma once

#include <chrono>
#include <cstddef>

namespace yunzi::boards {

// Boards one connection may watch at once: each watched board is held in
// memory while watched.
inline constexpr std::size_t max_boards_watched = 10;

struct BoardLimits {
  std::size_t boards_per_user = 50;    // boards one user holds; delete one to make another
  std::size_t nodes_per_board = 2000;  // nodes of one board, the root included
  std::size_t boards_per_hour = 20;    // boards one user may make within any hour, deleted ones included
  // An open board nobody watches leaves memory after this long (board_idle_s); the next use reads it back.
  std::chrono::milliseconds idle{std::chrono::minutes(10)};
  friend bool operator==(const BoardLimits&, const BoardLimits&) = default;
};

}  // namespace yunzi::boards
