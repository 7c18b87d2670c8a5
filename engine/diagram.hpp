// Pictures of a position: a plain-text diagram for forums (X for Black, O for
// White, the last move in brackets, GTP coordinates, a prisoners line, the
// numbered moves listed below) and a self-contained SVG image (wooden board,
// grid, star points, coordinates, stones, last-move marker, move numbers on
// the stones). Pure functions.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/board.hpp"
#include "engine/types.hpp"

namespace yunzi::engine {

class Game;

struct NumberedMove {
  int number = 0;  // 1 for the first move after any handicap stones
  Move move;
  friend bool operator==(const NumberedMove&, const NumberedMove&) = default;
};

struct DiagramInfo {
  std::optional<Vertex> last_move;
  int black_captures = 0;  // prisoners held by Black
  int white_captures = 0;
  std::optional<Color> last_pass;  // the last move was a pass by this colour
  // Moves whose numbers are shown, oldest first. The text lists them all
  // (passes and captured stones too); the SVG writes a number on the stone
  // that its move placed, while that stone is still on the board.
  std::vector<NumberedMove> numbered;
};

// The last move and prisoner counts of a game, and its last `numbered_moves`
// moves with their numbers (all of them when there are fewer).
DiagramInfo diagram_info(const Game& game, std::size_t numbered_moves = 0);

// Of `numbered` (the latest moves of a game, oldest first, as diagram_info
// gives them) those whose stones are on `board` now, the position after
// them: at each point only the latest move can have placed the stone.
std::vector<NumberedMove> numbers_on_board(const Board& board, const std::vector<NumberedMove>& numbered);

std::string text_diagram(const Board& board, const DiagramInfo& info = {});
std::string text_diagram(const Game& game);

// width_px is the side of the square image in pixels.
std::string svg_diagram(const Board& board, const DiagramInfo& info = {}, int width_px = 600);
std::string svg_diagram(const Game& game, int width_px = 600);

// The star points drawn on the board (hoshi): all nine fixed-handicap points
// from 15x15 up, the four corner points (and the centre on odd sizes) from
// 7x7 to 14x14, only the centre on smaller odd boards.
std::vector<Vertex> star_points(int size);

}  // namespace yunzi::engine
