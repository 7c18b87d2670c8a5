#include <algorithm>
#include <cstdio>

#include "engine/diagram.hpp"
#include "engine/game.hpp"

namespace yunzi::engine {
namespace {

// Fixed-point text keeps the output identical on every platform.
std::string num(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", value);
  return text;
}

struct Geometry {
  double cell;    // distance between two lines
  double origin;  // pixel position of line 0 (room for coordinates)
  double at(int line) const { return origin + cell * line; }
};

void draw_defs(std::string& out) {
  out +=
      "<defs>"
      "<linearGradient id=\"wood\" x1=\"0\" y1=\"0\" x2=\"1\" y2=\"1\">"
      "<stop offset=\"0\" stop-color=\"#e8c07a\"/><stop offset=\"1\" stop-color=\"#d4a153\"/>"
      "</linearGradient>"
      "<radialGradient id=\"black-stone\" cx=\"0.35\" cy=\"0.35\" r=\"0.7\">"
      "<stop offset=\"0\" stop-color=\"#5a5a5a\"/><stop offset=\"1\" stop-color=\"#0a0a0a\"/>"
      "</radialGradient>"
      "<radialGradient id=\"white-stone\" cx=\"0.35\" cy=\"0.35\" r=\"0.7\">"
      "<stop offset=\"0\" stop-color=\"#ffffff\"/><stop offset=\"1\" stop-color=\"#c8c8c0\"/>"
      "</radialGradient>"
      "</defs>";
}

void draw_grid(std::string& out, int size, const Geometry& g) {
  out += "<g stroke=\"#3a2a10\" stroke-width=\"1\">";
  for (int i = 0; i < size; ++i) {
    out += "<line x1=\"" + num(g.at(0)) + "\" y1=\"" + num(g.at(i)) + "\" x2=\"" + num(g.at(size - 1)) + "\" y2=\"" +
           num(g.at(i)) + "\"/>";
    out += "<line x1=\"" + num(g.at(i)) + "\" y1=\"" + num(g.at(0)) + "\" x2=\"" + num(g.at(i)) + "\" y2=\"" +
           num(g.at(size - 1)) + "\"/>";
  }
  out += "</g>";
  out += "<g class=\"star-points\" fill=\"#3a2a10\">";
  for (Vertex v : star_points(size)) {
    out += "<circle cx=\"" + num(g.at(v.x)) + "\" cy=\"" + num(g.at(v.y)) + "\" r=\"" + num(g.cell * 0.1) + "\"/>";
  }
  out += "</g>";
}

void draw_coordinates(std::string& out, int size, const Geometry& g) {
  const double font = g.cell * 0.4;
  out += "<g class=\"coordinates\" font-family=\"sans-serif\" font-size=\"" + num(font) +
         "\" fill=\"#3a2a10\" text-anchor=\"middle\" dominant-baseline=\"central\">";
  const double near = g.origin - g.cell * 0.7;
  const double far = g.at(size - 1) + g.cell * 0.7;
  for (int i = 0; i < size; ++i) {
    const std::string name = to_gtp(Vertex{i, i}, size);
    const std::string column = name.substr(0, 1);
    const std::string row = std::to_string(size - i);
    for (double edge : {near, far}) {
      out += "<text x=\"" + num(g.at(i)) + "\" y=\"" + num(edge) + "\">" + column + "</text>";
      out += "<text x=\"" + num(edge) + "\" y=\"" + num(g.at(i)) + "\">" + row + "</text>";
    }
  }
  out += "</g>";
}

void draw_stones(std::string& out, const Board& board, const Geometry& g) {
  const int size = board.size();
  const double radius = g.cell * 0.47;
  for (int y = 0; y < size; ++y) {
    for (int x = 0; x < size; ++x) {
      const auto color = board.color_at(Vertex{x, y});
      if (!color) continue;
      const bool black = *color == Color::black;
      out += "<circle class=\"" + std::string(black ? "black" : "white") + "\" cx=\"" + num(g.at(x)) + "\" cy=\"" +
             num(g.at(y)) + "\" r=\"" + num(radius) + "\" fill=\"url(#" + (black ? "black" : "white") + "-stone)\"" +
             (black ? "" : " stroke=\"#777\" stroke-width=\"0.5\"") + "/>";
    }
  }
}

// A numbered last move is marked by its number in red instead of the ring.
void draw_numbers(std::string& out, const Board& board, const DiagramInfo& info, const Geometry& g) {
  const std::vector<NumberedMove> shown = numbers_on_board(board, info.numbered);
  if (shown.empty()) return;
  out += "<g class=\"move-numbers\" font-family=\"sans-serif\" text-anchor=\"middle\" dominant-baseline=\"central\">";
  for (const NumberedMove& entry : shown) {
    const Vertex v = *entry.move.vertex;
    const std::string digits = std::to_string(entry.number);
    const bool last = info.last_move == v;
    const std::string ink = last ? "#d01010" : (entry.move.color == Color::black ? "#fff" : "#000");
    const double font = g.cell * (digits.size() <= 2 ? 0.5 : 0.38);
    out += "<text class=\"move-number" + std::string(last ? " last-move" : "") + "\" x=\"" + num(g.at(v.x)) +
           "\" y=\"" + num(g.at(v.y)) + "\" font-size=\"" + num(font) + "\" fill=\"" + ink + "\">" + digits + "</text>";
  }
  out += "</g>";
}

void draw_last_move(std::string& out, const Board& board, const DiagramInfo& info, const Geometry& g) {
  if (!info.last_move || !board.contains(*info.last_move)) return;
  const auto color = board.color_at(*info.last_move);
  if (!color) return;
  const auto numbered = std::find_if(info.numbered.begin(), info.numbered.end(),
                                     [&](const NumberedMove& entry) { return entry.move.vertex == info.last_move; });
  if (numbered != info.numbered.end()) return;
  const std::string ink = color == Color::black ? "#fff" : "#000";
  out += "<circle class=\"last-move\" cx=\"" + num(g.at(info.last_move->x)) + "\" cy=\"" +
         num(g.at(info.last_move->y)) + "\" r=\"" + num(g.cell * 0.22) + "\" fill=\"none\" stroke=\"" + ink +
         "\" stroke-width=\"" + num(g.cell * 0.07) + "\"/>";
}

}  // namespace

std::string svg_diagram(const Board& board, const DiagramInfo& info, int width_px) {
  const int size = board.size();
  const double width = width_px < 50 ? 50 : width_px;
  // size lines plus one and a half cells of border on each side for labels.
  const Geometry g{width / (size + 2), width / (size + 2) * 1.5};
  std::string out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + num(width) + "\" height=\"" + num(width) +
                    "\" viewBox=\"0 0 " + num(width) + " " + num(width) + "\">";
  draw_defs(out);
  out += "<rect class=\"board\" x=\"0\" y=\"0\" width=\"" + num(width) + "\" height=\"" + num(width) +
         "\" fill=\"url(#wood)\"/>";
  draw_grid(out, size, g);
  draw_coordinates(out, size, g);
  draw_stones(out, board, g);
  draw_numbers(out, board, info, g);
  draw_last_move(out, board, info, g);
  out += "</svg>\n";
  return out;
}

std::string svg_diagram(const Game& game, int width_px) {
  return svg_diagram(game.board(), diagram_info(game), width_px);
}

}  // namespace yunzi::engine
