// A drawn group's fate as the solver proves it, the group Black's and the attacker White, in the group's own
// region (the stones' rectangle when it states none).
#pragma once

#include <catch2/catch.hpp>

#include "tools/yunzi-problems/enclosed_group.hpp"
#include "tsumego/life_and_death.hpp"

namespace yunzi::problems::test {

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
