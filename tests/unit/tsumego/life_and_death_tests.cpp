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
};

// Bent three in the corner: the corner point decides.
const std::vector<std::string> bent_three = {
    "..OX+++",  //
    ".OOX+++",  //
    "OOXX+++",  //
    "XXX++++",  //
};

// Square four: dead whoever moves.
const std::vector<std::string> square_four = {
    "O..OX++",  //
    "O..OX++",  //
    "OOOOX++",  //
    "XXXXX++",  //
};

// Straight four on the edge: alive whoever moves.
const std::vector<std::string> straight_four = {
    "XO....OX",  //
    "XOOOOOOX",  //
    "XXXXXXXX",  //
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

TEST_CASE("three stones in the middle of a straight five: a seki, whoever moves", "[tsumego][solver]") {
  // Filling a shared liberty puts one's own group in atari: White's is taken, or White takes Black's three stones
  // and lives with a straight five.
  const std::vector<std::string> seki = {
      "XO.XXX.OX",  //
      "XOOOOOOOX",  //
      "XXXXXXXXX",  //
  };
  LifeSolver solver;
  const LifeAnswer white_first = solver.solve(question(seki, Color::white, Vertex{1, 0}));
  CHECK(white_first.status == Status::seki);
  // White keeps the seki by leaving it alone.
  CHECK(white_first.best_moves == std::vector<Play>{Play{}});
  const LifeAnswer black_first = solver.solve(question(seki, Color::black, Vertex{1, 0}));
  CHECK(black_first.status == Status::seki);
  CHECK(black_first.best_moves == std::vector<Play>{Play{}});
}

TEST_CASE("a stone in the middle of a straight three is dead: taking two stones leaves a two-point eye",
          "[tsumego][solver]") {
  const std::vector<std::string> dead_shape = {
      "XO.X.OX",  //
      "XOOOOOX",  //
      "XXXXXXX",  //
  };
  LifeSolver solver;
  const LifeAnswer black_first = solver.solve(question(dead_shape, Color::black, Vertex{1, 0}));
  CHECK(black_first.status == Status::dead);
  // Black need not even play: filling either side kills, and so does playing elsewhere.
  std::vector<Play> expected = plays({Vertex{2, 0}, Vertex{4, 0}});
  expected.push_back(Play{});
  CHECK(sorted(black_first.best_moves) == sorted(expected));
  CHECK(solver.status(question(dead_shape, Color::white, Vertex{1, 0})).status == Status::dead);
}

TEST_CASE("a group that reaches a point outside the region has escaped", "[tsumego][solver]") {
  // The straight three with a gap in the wall: White's liberty at (3,3) is outside the region.
  const std::vector<std::string> open_wall = {
      "XO...OX",  //
      "XOOOOOX",  //
      "XXXO.XX",  //
  };
  LifeSolver solver;
  const LifeAnswer answer = solver.solve(question(open_wall, Color::black, Vertex{1, 0}));
  CHECK(answer.status == Status::alive);
  CHECK(answer.best_moves.empty());
}

TEST_CASE("a question too big for the node budget is unknown, not guessed", "[tsumego][solver]") {
  LifeSolver solver(SolverLimits{3});
  const LifeAnswer answer = solver.solve(question(straight_four, Color::black, Vertex{1, 0}));
  CHECK(answer.status == Status::unknown);
  CHECK(answer.best_moves.empty());
  CHECK(answer.nodes <= 3);
}

namespace {

// One of the eight symmetries of an n x n board.
Vertex turned(Vertex v, int n, int symmetry) {
  if (symmetry & 1) v.x = n - 1 - v.x;
  if (symmetry & 2) v.y = n - 1 - v.y;
  if (symmetry & 4) std::swap(v.x, v.y);
  return v;
}

// The picture turned by one of the eight symmetries of the square, with the colours swapped when asked.
std::vector<std::string> transformed(const std::vector<std::string>& rows, int symmetry, bool swap_colours) {
  const int n = static_cast<int>(rows.size());
  std::vector<std::string> out(rows.size(), std::string(rows.size(), '+'));
  for (int y = 0; y < n; ++y) {
    for (int x = 0; x < n; ++x) {
      const Vertex to = turned(Vertex{x, y}, n, symmetry);
      char c = rows[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)];
      if (swap_colours && (c == 'X' || c == 'O')) c = c == 'X' ? 'O' : 'X';
      out[static_cast<std::size_t>(to.y)][static_cast<std::size_t>(to.x)] = c;
    }
  }
  return out;
}

}  // namespace

TEST_CASE("a status and its best moves do not change under symmetry or a colour swap", "[tsumego][solver]") {
  struct Shape {
    const std::vector<std::string>* rows;
    Vertex target;
  };
  const Shape shapes[] = {{&straight_three, {1, 0}}, {&bent_three, {2, 0}}, {&square_four, {0, 0}}};
  for (const Shape& shape : shapes) {
    const std::vector<std::string> rows = square(*shape.rows);
    const int n = static_cast<int>(rows.size());
    for (Color first : {Color::black, Color::white}) {
      LifeSolver reference_solver;
      const LifeAnswer reference = reference_solver.solve(question(rows, first, shape.target));
      for (int symmetry = 0; symmetry < 8; ++symmetry) {
        for (bool swap : {false, true}) {
          LifeSolver solver;
          const Color mover = swap ? engine::opponent(first) : first;
          const Vertex target = turned(shape.target, n, symmetry);
          const LifeAnswer answer = solver.solve(question(transformed(rows, symmetry, swap), mover, target));
          INFO("symmetry " << symmetry << " swap " << swap);
          CHECK(answer.status == reference.status);
          std::vector<Play> expected;
          for (const Play& move : reference.best_moves) {
            expected.push_back(move ? Play{turned(*move, n, symmetry)} : Play{});
          }
          CHECK(sorted(answer.best_moves) == sorted(expected));
        }
      }
    }
  }
}

TEST_CASE("a second eye that needs a ko: ko with the owner first, dead with the attacker first", "[tsumego][solver]") {
  const std::vector<std::string> eye_ko = {
      ".OX.X++",  //
      "OOOXX++",  //
      "XXXX+++",  //
  };
  LifeSolver solver;
  const LifeAnswer white_first = solver.solve(question(eye_ko, Color::white, Vertex{1, 0}));
  CHECK(white_first.status == Status::ko);
  CHECK(white_first.best_moves == std::vector<Play>{Play{Vertex{3, 0}}});
  CHECK(white_first.takes_ko_first);
  const LifeAnswer black_first = solver.solve(question(eye_ko, Color::black, Vertex{1, 0}));
  CHECK(black_first.status == Status::dead);
}

namespace {

// A ladder to the corner: the white stone's two liberties face the corner and the black stones behind it turn each
// escape into another atari. The region is the ladder's own track, four diagonals wide: a white chain that gets a
// third liberty there reaches a point outside it, open ground.
const std::vector<std::string> ladder = {
    "...+++++",  //
    "....++++",  //
    "+....+++",  //
    "++...X++",  //
    "+++.OX++",  //
    "++++X.++",  //
};

// The same ladder with a white stone on its track: the chased stones join it and run out.
const std::vector<std::string> broken_ladder = {
    "...+++++",  //
    "....++++",  //
    "+O...+++",  //
    "++...X++",  //
    "+++.OX++",  //
    "++++X.++",  //
};

}  // namespace

TEST_CASE("a ladder: only the atari from the right side catches the stone, and a stone on its track saves it",
          "[tsumego][solver]") {
  // Every one of Black's moves is judged within a small budget: a chain in atari is only ever extended or
  // saved by a capture, so the chase is a single line.
  LifeSolver solver(SolverLimits{50'000});
  const LifeAnswer black_first = solver.solve(question(ladder, Color::black, Vertex{4, 4}));
  CHECK(black_first.status == Status::dead);
  CHECK(black_first.every_move_judged);
  CHECK(black_first.best_moves == std::vector<Play>{Play{Vertex{3, 4}}});
  CHECK(solver.status(question(ladder, Color::white, Vertex{4, 4})).status == Status::alive);

  LifeSolver other(SolverLimits{50'000});
  CHECK(other.status(question(broken_ladder, Color::black, Vertex{4, 4})).status == Status::alive);
}
