#include <catch2/catch.hpp>

#include <algorithm>

#include "life_positions.hpp"

using namespace yunzi;
using namespace yunzi::tsumego;
using namespace yunzi::tsumego::test;
using engine::Color;
using engine::Vertex;

namespace {

std::vector<Play> plays(std::initializer_list<Vertex> vertices) {
  std::vector<Play> out;
  for (Vertex v : vertices) out.emplace_back(v);
  return out;
}

std::vector<Play> sorted(std::vector<Play> moves) {
  std::sort(moves.begin(), moves.end());
  return moves;
}

// White's eye space on the top edge inside a black wall that cannot be captured: its outside points are not in
// the region. Straight three: the middle point decides.
const std::vector<std::string> straight_three = {
    "XO...OX",  //
    "XOOOOOX",  //
    "XXXXXXX",  //
    "+++++++",  //
    "+++++++",  //
    "+++++++",  //
    "+++++++",
};

// Bent three in the corner: the corner point decides.
const std::vector<std::string> bent_three = {
    "..OX+++",  //
    ".OOX+++",  //
    "OOXX+++",  //
    "XXX++++",  //
    "+++++++",  //
    "+++++++",  //
    "+++++++",
};

// Square four: dead whoever moves.
const std::vector<std::string> square_four = {
    "O..OX++",  //
    "O..OX++",  //
    "OOOOX++",  //
    "XXXXX++",  //
    "+++++++",  //
    "+++++++",  //
    "+++++++",
};

// Straight four on the edge: alive whoever moves.
const std::vector<std::string> straight_four = {
    "XO....OX",  //
    "XOOOOOOX",  //
    "XXXXXXXX",  //
    "++++++++",  //
    "++++++++",  //
    "++++++++",  //
    "++++++++",  //
    "++++++++",
};

}  // namespace

TEST_CASE("straight three: the middle point kills or makes two eyes", "[tsumego][solver]") {
  LifeSolver solver;
  const LifeAnswer black_first = solver.solve(question(straight_three, Color::black, Vertex{1, 0}));
  CHECK(black_first.status == Status::dead);
  CHECK(black_first.best_moves == plays({Vertex{3, 0}}));
  const LifeAnswer white_first = solver.solve(question(straight_three, Color::white, Vertex{1, 0}));
  CHECK(white_first.status == Status::alive);
  CHECK(white_first.best_moves == plays({Vertex{3, 0}}));
}

TEST_CASE("bent three in the corner: the corner point decides", "[tsumego][solver]") {
  LifeSolver solver;
  const LifeAnswer black_first = solver.solve(question(bent_three, Color::black, Vertex{2, 0}));
  CHECK(black_first.status == Status::dead);
  CHECK(black_first.best_moves == plays({Vertex{0, 0}}));
  const LifeAnswer white_first = solver.solve(question(bent_three, Color::white, Vertex{2, 0}));
  CHECK(white_first.status == Status::alive);
  CHECK(white_first.best_moves == plays({Vertex{0, 0}}));
}

TEST_CASE("square four is dead and straight four alive, whoever moves", "[tsumego][solver]") {
  LifeSolver solver;
  for (Color first : {Color::black, Color::white}) {
    CHECK(solver.status(question(square_four, first, Vertex{0, 0})).status == Status::dead);
    CHECK(solver.status(question(straight_four, first, Vertex{1, 0})).status == Status::alive);
  }
  // The side that cannot change the fate has no best move to show.
  CHECK(solver.solve(question(square_four, Color::white, Vertex{0, 0})).best_moves.empty());
  CHECK(solver.solve(question(straight_four, Color::black, Vertex{1, 0})).best_moves.empty());
}
