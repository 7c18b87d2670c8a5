// Drawn groups for the maker's tests: one found by its name among the corner's, and its fate as the solver
// proves it, the group Black's and the attacker White, in the group's own region (the stones' rectangle when it
// states none).
#pragma once

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "tools/yunzi-problems/enclosed_group.hpp"
#include "tsumego/life_and_death.hpp"

namespace yunzi::problems::test {

inline const EnclosedGroup& in_corner_named(const std::vector<EnclosedGroup>& shapes, const std::string& name) {
  const auto found = std::find_if(shapes.begin(), shapes.end(), [&](const EnclosedGroup& shape) {
    return shape.in_corner && shape.shape_name == name;
  });
  REQUIRE(found != shapes.end());
  return *found;
}

inline tsumego::Status fate(const EnclosedGroup& shape, engine::Color to_move, tsumego::SolverLimits limits = {}) {
  engine::Board board(board_size);
  for (const auto* points : {&shape.group, &shape.extra_owner}) {
    for (engine::Vertex v : *points) REQUIRE(board.add_stone(engine::Color::black, v));
  }
  for (const auto* points : {&shape.wall, &shape.extra_attacker}) {
    for (engine::Vertex v : *points) REQUIRE(board.add_stone(engine::Color::white, v));
  }
  tsumego::LifeSolver solver(limits);
  const tsumego::LifeQuestion question{board, to_move, shape.group.front(), shape.region, std::nullopt};
  return solver.status(question).status;
}

}  // namespace yunzi::problems::test
