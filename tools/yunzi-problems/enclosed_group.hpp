// Enclosed groups to ask about: an eye space on the edge of the board, the group's stones around it, the
// attacker's wall around those, then a few random flaws inside the wall (a missing stone, a stone inside the eye
// space). Drawn in the top-left corner or on the top side; the maker turns and recolours them afterwards.
#pragma once

#include <optional>
#include <random>
#include <string>
#include <vector>

#include "engine/types.hpp"

namespace yunzi::problems {

// The made problems are drawn on the full board, where the player meets them in games.
inline constexpr int board_size = 19;

// One of the eight symmetries of the board (0..7), so that a position drawn in the top-left corner can be met in
// any corner.
engine::Vertex turned(engine::Vertex v, int symmetry);

struct EnclosedGroup {
  std::vector<engine::Vertex> eye_space;
  std::vector<engine::Vertex> group;  // the owner's stones
  std::vector<engine::Vertex> wall;   // the attacker's stones
  std::vector<engine::Vertex> extra_attacker;
  std::vector<engine::Vertex> extra_owner;
  // Where play happens, when not every point of the stones' rectangle: a wall that does not fill its rectangle
  // would leave empty points there, on which the wall could be attacked.
  std::vector<engine::Vertex> region;
  bool in_corner = true;
  bool flawless = true;     // no random flaw added
  std::string shape_name;   // the classic shape's name, empty for a random eye space
  std::string shape_theme;  // the theme it teaches: "eye shape", "second line"
};

struct NamedShape {
  std::string name;
  std::vector<engine::Vertex> cells;  // relative to the shape's own top-left point
};
// The classic eye spaces that have one vital point: straight three, bent three, pyramid four, crossed five, bulky
// five, rabbity six.
const std::vector<NamedShape>& classic_shapes();

// Rows of stones on the second line with the attacker's stones at both ends of the row and a solid wall above:
// the groups players learn by count (in the corner four die and six live, on the side six die and eight live:
// 四死六活, 六死八活), from one fewer than the dying count to one more than the living count.
std::vector<EnclosedGroup> second_line_rows();

// The corner groups players learn by name, each as it stands and with a stone already on the first line at the
// end of either arm (the owner's leg, or the attacker's hane beyond it): the L group (an inside of two by three
// points) and the long L group (two by four); the carpenter's square (three by three) is past the budget a problem is
// checked with (tools/PROBLEMS.md). The owner's stones run
// along the second line from each edge to a corner stone, the first-line points under the arms' ends and one
// point beyond are open, and the attacker's wall closes everything. Then bent four in the corner, as it stands and
// with one or two of the attacker's stones inside.
std::vector<EnclosedGroup> corner_shapes();

// A group around `eye_space` (cells on the board's top rows), with its wall.
EnclosedGroup enclose(std::vector<engine::Vertex> eye_space, bool in_corner);
// A random eye space of 3 to 7 points with up to three random flaws.
EnclosedGroup random_group(std::mt19937_64& rng);

}  // namespace yunzi::problems
