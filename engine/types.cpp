#include "engine/types.hpp"

#include <cctype>

namespace yunzi::engine {
namespace {

// GTP skips I so that it is never read as J or 1.
constexpr std::string_view gtp_columns = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

}  // namespace

std::string to_gtp(Vertex v, int size) {
  std::string out(1, gtp_columns[static_cast<std::size_t>(v.x)]);
  out += std::to_string(size - v.y);
  return out;
}

std::string to_gtp(const std::optional<Vertex>& move, int size) {
  return move ? to_gtp(*move, size) : std::string("pass");
}

std::optional<Vertex> parse_gtp(std::string_view text, int size) {
  if (text.size() < 2 || text.size() > 3) return std::nullopt;
  const char letter = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  const auto column = gtp_columns.find(letter);
  if (column == std::string_view::npos) return std::nullopt;
  int row = 0;
  for (char c : text.substr(1)) {
    if (c < '0' || c > '9') return std::nullopt;
    row = row * 10 + (c - '0');
  }
  if (text[1] == '0') return std::nullopt;
  const Vertex v{static_cast<int>(column), size - row};
  if (!on_board(v, size)) return std::nullopt;
  return v;
}

std::string to_sgf(Vertex v) { return {static_cast<char>('a' + v.x), static_cast<char>('a' + v.y)}; }

std::optional<Vertex> parse_sgf_point(std::string_view text, int size) {
  if (text.size() != 2) return std::nullopt;
  auto coordinate = [](char c) -> int {
    if (c >= 'a' && c <= 'z') return c - 'a';
    if (c >= 'A' && c <= 'Z') return c - 'A' + 26;
    return -1;
  };
  const Vertex v{coordinate(text[0]), coordinate(text[1])};
  if (!on_board(v, size)) return std::nullopt;
  return v;
}

std::string_view to_string(MoveError error) {
  switch (error) {
    case MoveError::off_board: return "off_board";
    case MoveError::occupied: return "occupied";
    case MoveError::suicide: return "suicide";
    case MoveError::ko: return "ko";
    case MoveError::superko: return "superko";
    case MoveError::wrong_color: return "wrong_color";
    case MoveError::game_over: return "game_over";
  }
  return "illegal";
}

std::string_view describe(MoveError error) {
  switch (error) {
    case MoveError::off_board: return "the point is not on the board";
    case MoveError::occupied: return "the point is already occupied";
    case MoveError::suicide: return "the move would leave its own chain without liberties";
    case MoveError::ko: return "the stone just captured may not be retaken at once";
    case MoveError::superko: return "the move would repeat an earlier position";
    case MoveError::wrong_color: return "it is the other colour's turn";
    case MoveError::game_over: return "play has ended in this game";
  }
  return "illegal move";
}

}  // namespace yunzi::engine
