// The SGF value types a game record needs: numbers, reals, komi (with the
// Chinese stone-count spellings), board size, moves and point lists
// (compressed "aa:cc" rectangles included), read and written.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/types.hpp"

namespace yunzi::engine {

std::optional<int> parse_sgf_number(std::string_view text);
std::optional<double> parse_sgf_real(std::string_view text);
// The shortest text that reads back as the same double ("7.5", "1800", "-3").
std::string format_sgf_real(double value);

// Komi in points. Chinese software counts komi in stones, one stone being
// two points: a value whose fraction is .25 or .75 is read as stones
// ("3.75" = 3 3/4 stones = 7.5 points), and an integer of 100 or more as
// hundredths ("375" = 3.75 stones = 7.5 points, "650" = 6.5 points).
// Everything else is points. Empty text is 0; a komi of max_sgf_komi points
// or more is refused.
inline constexpr double max_sgf_komi = 100;
std::optional<double> parse_sgf_komi(std::string_view text);

// SZ: "19" or the square form "19:19"; nullopt outside 2..max_board_size.
std::optional<int> parse_sgf_size(std::string_view text);

// A move value: empty or (on boards up to 19x19) "tt" is a pass.
struct SgfMoveValue {
  bool ok = false;
  std::optional<Vertex> vertex;  // empty for a pass
};
SgfMoveValue parse_sgf_move(std::string_view text, int size);

// One value of a point list: a point, or a rectangle "aa:cc" given by two
// opposite corners. Appends the points; false on a malformed value.
bool append_sgf_points(std::string_view text, int size, std::vector<Vertex>& out);

}  // namespace yunzi::engine
