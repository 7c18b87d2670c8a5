// The rows of stones on the second line in the corner behave as players learn them (四死六活): four die whoever
// moves, five live or die by the move, six live whoever moves.
#include <catch2/catch.hpp>

#include <algorithm>

#include "tools/yunzi-problems/enclosed_group.hpp"
#include "tsumego/life_and_death.hpp"

using namespace yunzi;
using namespace yunzi::problems;
using engine::Color;
using tsumego::Status;

namespace {

const EnclosedGroup& corner_row(const std::string& name) {
  static const std::vector<EnclosedGroup> rows = second_line_rows();
  const auto found = std::find_if(rows.begin(), rows.end(),
                                  [&](const EnclosedGroup& row) { return row.in_corner && row.shape_name == name; });
  REQUIRE(found != rows.end());
  return *found;
}

// The row's fate with `to_move` first; the row is Black's, the attacker White.
Status fate(const EnclosedGroup& row, Color to_move) {
  engine::Board board(board_size);
  for (const auto* points : {&row.group, &row.extra_owner}) {
    for (engine::Vertex v : *points) REQUIRE(board.add_stone(Color::black, v));
  }
  for (const auto* points : {&row.wall, &row.extra_attacker}) {
    for (engine::Vertex v : *points) REQUIRE(board.add_stone(Color::white, v));
  }
  tsumego::LifeSolver solver(tsumego::SolverLimits{400'000});
  return solver.status(tsumego::LifeQuestion{board, to_move, row.group.front(), {}, std::nullopt}).status;
}

}  // namespace

TEST_CASE("second-line rows in the corner: four die, five depend on the move, six live", "[tsumego][maker]") {
  const EnclosedGroup& four = corner_row("four on the second line");
  CHECK(four.group.size() == 4);
  CHECK(fate(four, Color::black) == Status::dead);
  CHECK(fate(four, Color::white) == Status::dead);
  const EnclosedGroup& five = corner_row("five on the second line");
  CHECK(fate(five, Color::black) == Status::alive);
  CHECK(fate(five, Color::white) == Status::dead);
  const EnclosedGroup& six = corner_row("six on the second line");
  CHECK(fate(six, Color::black) == Status::alive);
  CHECK(fate(six, Color::white) == Status::alive);
}

TEST_CASE("a second-line row is closed: the attacker's stones stand at its end and a wall above", "[tsumego][maker]") {
  const EnclosedGroup& five = corner_row("five on the second line");
  // The first line under the row and under the attacker's end stone is open; the end stone sits beside the row.
  CHECK(five.eye_space.size() == 6);
  CHECK(std::find(five.extra_attacker.begin(), five.extra_attacker.end(), engine::Vertex{5, 1}) !=
        five.extra_attacker.end());
  for (engine::Vertex v : five.eye_space) CHECK(v.y == 0);
  CHECK(std::all_of(five.wall.begin(), five.wall.end(), [](engine::Vertex v) { return v.x == 6 || v.y == 2; }));
}
