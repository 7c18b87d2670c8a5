#include <algorithm>

#include "engine/diagram.hpp"
#include "engine/game.hpp"
#include "engine/handicap.hpp"

namespace yunzi::engine {
namespace {

std::string column_labels(int size) {
  std::string line = "  ";
  for (int x = 0; x < size; ++x) {
    const std::string name = to_gtp(Vertex{x, 0}, size);
    line += ' ';
    line += name.front();
  }
  return line + "\n";
}

std::string row_label(int row) {
  std::string label = std::to_string(row);
  return label.size() < 2 ? " " + label : label;
}

char stone_char(Cell cell, bool star) {
  switch (cell) {
    case Cell::black: return 'X';
    case Cell::white: return 'O';
    default: return star ? '+' : '.';
  }
}

// "Moves 3-14:" and then ten entries a line, "3 X E5, 4 O pass, ...".
std::string numbered_list(const std::vector<NumberedMove>& numbered, int size) {
  if (numbered.empty()) return {};
  std::string out =
      "Moves " + std::to_string(numbered.front().number) + "-" + std::to_string(numbered.back().number) + ":";
  constexpr std::size_t per_line = 10;
  for (std::size_t i = 0; i < numbered.size(); ++i) {
    const NumberedMove& entry = numbered[i];
    out += i % per_line == 0 ? "\n" : ", ";
    out += std::to_string(entry.number) + " " + (entry.move.color == Color::black ? "X" : "O") + " " +
           to_gtp(entry.move.vertex, size);
  }
  return out + "\n";
}

}  // namespace

std::vector<Vertex> star_points(int size) {
  if (size >= 15) {
    if (auto nine = fixed_handicap(size, max_fixed_handicap(size))) return *nine;
  }
  if (size >= 7) {
    auto corners = fixed_handicap(size, 4);
    std::vector<Vertex> points = corners ? *corners : std::vector<Vertex>{};
    if (size % 2 == 1) points.push_back(Vertex{size / 2, size / 2});
    return points;
  }
  if (size % 2 == 1 && size >= 5) return {Vertex{size / 2, size / 2}};
  return {};
}

std::string text_diagram(const Board& board, const DiagramInfo& info) {
  const int size = board.size();
  const std::vector<Vertex> stars = star_points(size);
  std::string out = column_labels(size);
  for (int y = 0; y < size; ++y) {
    const std::string label = row_label(size - y);
    out += label;
    // The last move sits in parentheses: "(X)" replaces the spaces around it.
    for (int x = 0; x < size; ++x) {
      const bool last_here = info.last_move == Vertex{x, y};
      const bool last_before = x > 0 && info.last_move == Vertex{x - 1, y};
      out += last_here ? '(' : (last_before ? ')' : ' ');
      const bool star = std::find(stars.begin(), stars.end(), Vertex{x, y}) != stars.end();
      out += stone_char(board.at(Vertex{x, y}), star);
    }
    out += info.last_move == Vertex{size - 1, y} ? ')' : ' ';
    out += std::to_string(size - y) + "\n";
  }
  out += column_labels(size);
  if (info.last_move && board.contains(*info.last_move)) {
    if (auto color = board.color_at(*info.last_move)) {
      out += "Last move: " + std::string(to_string(*color)) + " " + to_gtp(*info.last_move, size) + "\n";
    }
  }
  if (info.last_pass) out += "Last move: " + std::string(to_string(*info.last_pass)) + " pass\n";
  out += "Captures: black " + std::to_string(info.black_captures) + ", white " + std::to_string(info.white_captures) +
         "\n";
  out += numbered_list(info.numbered, size);
  return out;
}

std::string text_diagram(const Game& game) { return text_diagram(game.board(), diagram_info(game)); }

}  // namespace yunzi::engine
