// Vertices, moves and move errors shared by every engine module, with their
// GTP and SGF spellings.
#pragma once

#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/color.hpp"
#include "core/ko_rule.hpp"

namespace yunzi::engine {

inline constexpr int min_board_size = 2;
inline constexpr int max_board_size = 25;

// The colours and the ko rule are core's; the engine names them as its own.
using yunzi::Color;
using yunzi::KoRule;
using yunzi::opponent;
using yunzi::parse_color;
using yunzi::parse_ko_rule;
using yunzi::to_string;

// Column x from the left, row y from the top, both 0-based (the SGF order).
struct Vertex {
  int x = 0;
  int y = 0;
  friend constexpr bool operator==(Vertex, Vertex) = default;
  friend constexpr auto operator<=>(Vertex, Vertex) = default;
};

constexpr bool on_board(Vertex v, int size) { return v.x >= 0 && v.y >= 0 && v.x < size && v.y < size; }

// GTP spelling: column letter A..Z without I, row counted from the bottom ("D4").
std::string to_gtp(Vertex v, int size);
// A move's GTP spelling: the vertex, or "pass" for none.
std::string to_gtp(const std::optional<Vertex>& move, int size);
// Case-insensitive; nullopt for anything that is not a vertex on this board
// ("pass" included: callers test for it first).
std::optional<Vertex> parse_gtp(std::string_view text, int size);
// SGF spelling: two lower-case letters, column then row from the top ("dd").
std::string to_sgf(Vertex v);
std::optional<Vertex> parse_sgf_point(std::string_view text, int size);

struct Move {
  Color color = Color::black;
  std::optional<Vertex> vertex;  // empty for a pass

  bool is_pass() const { return !vertex.has_value(); }
  friend bool operator==(const Move&, const Move&) = default;
};

// Why a move was refused; each names one rule of play.
enum class MoveError : std::uint8_t { off_board, occupied, suicide, ko, superko, wrong_color, game_over };
std::string_view to_string(MoveError error);  // stable token: "occupied", "ko", ...
std::string_view describe(MoveError error);   // a sentence for people

}  // namespace yunzi::engine
