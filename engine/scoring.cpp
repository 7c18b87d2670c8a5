#include "engine/scoring.hpp"

#include <cmath>
#include <cstdio>

#include "engine/game.hpp"

namespace yunzi::engine {

std::string_view to_string(ScoreError error) {
  switch (error) {
    case ScoreError::dead_point_off_board: return "dead_point_off_board";
    case ScoreError::dead_point_empty: return "dead_point_empty";
  }
  return "bad_dead_stones";
}

std::string_view describe(ScoreError error) {
  switch (error) {
    case ScoreError::dead_point_off_board: return "a point marked dead is not on the board";
    case ScoreError::dead_point_empty: return "a point marked dead holds no stone";
  }
  return "invalid dead stones";
}

int handicap_compensation(int handicap) { return handicap >= 2 ? handicap : 0; }

std::string format_result(double margin) {
  // Margins are multiples of a half point unless komi is odd; round away
  // floating noise before deciding who won.
  const double rounded = std::round(margin * 100.0) / 100.0;
  if (rounded == 0.0) return "0";
  char digits[32];
  std::snprintf(digits, sizeof digits, "%.2f", std::fabs(rounded));
  std::string text = digits;
  while (text.back() == '0') text.pop_back();
  if (text.back() == '.') text.pop_back();
  return (rounded > 0 ? "B+" : "W+") + text;
}

Expected<Score, ScoreError> score_area(const Board& board, const std::vector<Vertex>& dead_stones, double komi,
                                       int handicap) {
  const int size = board.size();
  std::vector<Cell> cells(static_cast<std::size_t>(size * size));
  auto at = [&](int x, int y) -> Cell& { return cells[static_cast<std::size_t>(y * size + x)]; };
  for (int y = 0; y < size; ++y) {
    for (int x = 0; x < size; ++x) at(x, y) = board.at(Vertex{x, y});
  }
  for (Vertex v : dead_stones) {
    if (!board.contains(v)) return unexpected(ScoreError::dead_point_off_board);
    if (board.at(v) == Cell::empty) return unexpected(ScoreError::dead_point_empty);
    at(v.x, v.y) = Cell::empty;
  }

  Score score;
  std::vector<bool> visited(cells.size(), false);
  std::vector<Vertex> stack;
  for (int y = 0; y < size; ++y) {
    for (int x = 0; x < size; ++x) {
      const Cell cell = at(x, y);
      if (cell == Cell::black) score.black_area += 1;
      if (cell == Cell::white) score.white_area += 1;
      if (cell != Cell::empty || visited[static_cast<std::size_t>(y * size + x)]) continue;
      // One empty region: its size and which colours border it.
      int points = 0;
      bool touches_black = false;
      bool touches_white = false;
      stack.assign(1, Vertex{x, y});
      visited[static_cast<std::size_t>(y * size + x)] = true;
      while (!stack.empty()) {
        const Vertex v = stack.back();
        stack.pop_back();
        ++points;
        for (Vertex n : {Vertex{v.x - 1, v.y}, Vertex{v.x + 1, v.y}, Vertex{v.x, v.y - 1}, Vertex{v.x, v.y + 1}}) {
          if (!on_board(n, size)) continue;
          const Cell around = at(n.x, n.y);
          if (around == Cell::black) touches_black = true;
          if (around == Cell::white) touches_white = true;
          const std::size_t k = static_cast<std::size_t>(n.y * size + n.x);
          if (around == Cell::empty && !visited[k]) {
            visited[k] = true;
            stack.push_back(n);
          }
        }
      }
      if (touches_black && touches_white) {
        score.black_area += points / 2.0;
        score.white_area += points / 2.0;
      } else if (touches_black) {
        score.black_area += points;
      } else if (touches_white) {
        score.white_area += points;
      }
    }
  }
  score.margin = score.black_area - score.white_area - komi - handicap_compensation(handicap);
  score.result = format_result(score.margin);
  return score;
}

Expected<Score, ScoreError> score_game(const Game& game, const std::vector<Vertex>& dead_stones) {
  return score_area(game.board(), dead_stones, game.setup().komi, game.setup().handicap);
}

std::vector<Vertex> chain_at(const Board& board, Vertex v) { return board.chain(v); }

}  // namespace yunzi::engine
