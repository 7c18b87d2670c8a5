#include "core/color.hpp"

#include "core/ascii.hpp"

namespace yunzi {

std::string_view to_string(Color c) { return c == Color::black ? "black" : "white"; }

std::optional<Color> parse_color(std::string_view text) {
  if (equals_ignoring_case(text, "black") || equals_ignoring_case(text, "b")) return Color::black;
  if (equals_ignoring_case(text, "white") || equals_ignoring_case(text, "w")) return Color::white;
  return std::nullopt;
}

}  // namespace yunzi
