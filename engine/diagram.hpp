// Pictures of a position: a plain-text diagram for forums (X for Black, O for
// White, the last move in brackets, GTP coordinates, a prisoners line) and a
// self-contained SVG image (wooden board, grid, star points, coordinates,
// stones, last-move marker). Pure functions.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/board.hpp"
#include "engine/types.hpp"

namespace yunzi::engine {

class Game;

struct DiagramInfo {
  std::optional<Vertex> last_move;
  int black_captures = 0;  // prisoners held by Black
  int white_captures = 0;
};

// The last move and prisoner counts of a game.
DiagramInfo diagram_info(const Game& game);

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
