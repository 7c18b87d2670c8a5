// The two sides of a game. The rules, the wire, the store and game results
// all use this one type; "black"/"white" is its spelling everywhere, and
// 'B'/'W' its letter (SGF's B[]/W[] and results, the store's move rows, GTP).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace yunzi {

enum class Color : std::uint8_t { black = 1, white = 2 };

constexpr Color opponent(Color c) { return c == Color::black ? Color::white : Color::black; }
std::string_view to_string(Color c);  // "black" / "white"
// Accepts "black"/"white"/"b"/"w" in any case.
std::optional<Color> parse_color(std::string_view text);

constexpr char to_letter(Color c) { return c == Color::black ? 'B' : 'W'; }
// Accepts 'B' and 'W' only, in upper case.
constexpr std::optional<Color> parse_color_letter(char letter) {
  if (letter == 'B') return Color::black;
  if (letter == 'W') return Color::white;
  return std::nullopt;
}

}  // namespace yunzi
