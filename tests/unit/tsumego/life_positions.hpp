// Life-and-death positions from pictures for the solver's tests: one string per row from the top, 'X' Black,
// 'O' White, '.' empty, '+' an empty point outside the region (nobody plays there), '*' an empty point of the
// region marked for the test. Every other point is in the region, the stones' too (a stone taken frees its point).
// The board is square, as large as the longest side of the picture; what the picture leaves out is '+'. The
// board is as large as there are rows.
#pragma once

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "tsumego/life_and_death.hpp"

namespace yunzi::tsumego::test {

struct Picture {
  engine::Board board;
  std::vector<engine::Vertex> region;
  std::vector<engine::Vertex> marked;
};

inline std::vector<std::string> square(const std::vector<std::string>& rows) {
  std::size_t size = rows.size();
  for (const std::string& row : rows) size = std::max(size, row.size());
  std::vector<std::string> out(size, std::string(size, '+'));
  for (std::size_t y = 0; y < rows.size(); ++y) out[y].replace(0, rows[y].size(), rows[y]);
  return out;
}

inline Picture picture(const std::vector<std::string>& drawn) {
  const std::vector<std::string> rows = square(drawn);
  Picture out{engine::Board(static_cast<int>(rows.size())), {}, {}};
  for (int y = 0; y < static_cast<int>(rows.size()); ++y) {
    const std::string& row = rows[static_cast<std::size_t>(y)];
    for (int x = 0; x < static_cast<int>(row.size()); ++x) {
      const engine::Vertex v{x, y};
      const char c = row[static_cast<std::size_t>(x)];
      if (c == 'X') REQUIRE(out.board.add_stone(engine::Color::black, v));
      if (c == 'O') REQUIRE(out.board.add_stone(engine::Color::white, v));
      if (c != '+') out.region.push_back(v);
      if (c == '*') out.marked.push_back(v);
    }
  }
  return out;
}

inline LifeQuestion question(const std::vector<std::string>& rows, engine::Color to_move, engine::Vertex target) {
  Picture p = picture(rows);
  return LifeQuestion{std::move(p.board), to_move, target, std::move(p.region), std::nullopt};
}

}  // namespace yunzi::tsumego::test
