#include "engine/scoring.hpp"

#include <algorithm>

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

namespace {

// The board's cells with the dead stones taken off.
Expected<std::vector<Cell>, ScoreError> cells_without_dead(const Board& board, const std::vector<Vertex>& dead_stones) {
  const int size = board.size();
  std::vector<Cell> cells(static_cast<std::size_t>(size * size));
  for (int y = 0; y < size; ++y) {
    for (int x = 0; x < size; ++x) cells[static_cast<std::size_t>(y * size + x)] = board.at(Vertex{x, y});
  }
  for (Vertex v : dead_stones) {
    if (!board.contains(v)) return unexpected(ScoreError::dead_point_off_board);
    if (board.at(v) == Cell::empty) return unexpected(ScoreError::dead_point_empty);
    cells[static_cast<std::size_t>(v.y * size + v.x)] = Cell::empty;
  }
  return cells;
}

// Calls on_region(points, touches_black, touches_white) once for each empty
// region of `cells` (a size x size board, row by row).
template <class OnRegion>
void for_each_empty_region(const std::vector<Cell>& cells, int size, OnRegion on_region) {
  auto at = [&](Vertex v) { return cells[static_cast<std::size_t>(v.y * size + v.x)]; };
  std::vector<bool> visited(cells.size(), false);
  std::vector<Vertex> stack;
  std::vector<Vertex> region;
  for (int y = 0; y < size; ++y) {
    for (int x = 0; x < size; ++x) {
      if (at(Vertex{x, y}) != Cell::empty || visited[static_cast<std::size_t>(y * size + x)]) continue;
      bool touches_black = false;
      bool touches_white = false;
      region.clear();
      stack.assign(1, Vertex{x, y});
      visited[static_cast<std::size_t>(y * size + x)] = true;
      while (!stack.empty()) {
        const Vertex v = stack.back();
        stack.pop_back();
        region.push_back(v);
        for (Vertex n : {Vertex{v.x - 1, v.y}, Vertex{v.x + 1, v.y}, Vertex{v.x, v.y - 1}, Vertex{v.x, v.y + 1}}) {
          if (!on_board(n, size)) continue;
          const Cell around = at(n);
          if (around == Cell::black) touches_black = true;
          if (around == Cell::white) touches_white = true;
          const std::size_t k = static_cast<std::size_t>(n.y * size + n.x);
          if (around == Cell::empty && !visited[k]) {
            visited[k] = true;
            stack.push_back(n);
          }
        }
      }
      on_region(region, touches_black, touches_white);
    }
  }
}

}  // namespace

Expected<Score, ScoreError> score_area(const Board& board, const std::vector<Vertex>& dead_stones, double komi,
                                       int handicap) {
  auto cells = cells_without_dead(board, dead_stones);
  if (!cells) return unexpected(cells.error());
  Score score;
  for (const Cell cell : *cells) {
    if (cell == Cell::black) score.black_area += 1;
    if (cell == Cell::white) score.white_area += 1;
  }
  for_each_empty_region(*cells, board.size(), [&](const std::vector<Vertex>& region, bool black, bool white) {
    const double points = static_cast<double>(region.size());
    if (black && white) {
      score.black_area += points / 2.0;
      score.white_area += points / 2.0;
    } else if (black) {
      score.black_area += points;
    } else if (white) {
      score.white_area += points;
    }
  });
  score.margin = score.black_area - score.white_area - komi - handicap_compensation(handicap);
  score.result = counted_result(score.margin);
  return score;
}

Expected<Territory, ScoreError> territory(const Board& board, const std::vector<Vertex>& dead_stones) {
  auto cells = cells_without_dead(board, dead_stones);
  if (!cells) return unexpected(cells.error());
  Territory out;
  for_each_empty_region(*cells, board.size(), [&](const std::vector<Vertex>& region, bool black, bool white) {
    if (black == white) return;  // dame and seki liberties (both), or an empty board (neither)
    auto& points = black ? out.black : out.white;
    points.insert(points.end(), region.begin(), region.end());
  });
  std::sort(out.black.begin(), out.black.end());
  std::sort(out.white.begin(), out.white.end());
  return out;
}

Expected<Score, ScoreError> score_game(const Game& game, const std::vector<Vertex>& dead_stones) {
  return score_area(game.board(), dead_stones, game.setup().komi, game.setup().handicap);
}

std::vector<Vertex> chain_at(const Board& board, Vertex v) { return board.chain(v); }

}  // namespace yunzi::engine
