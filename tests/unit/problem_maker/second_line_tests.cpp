// The rows of stones on the second line in the corner behave as players learn them (四死六活): four die whoever
// moves, five live or die by the move, six live whoever moves.
#include <catch2/catch.hpp>

#include <algorithm>

#include "tests/unit/problem_maker/drawn_shapes.hpp"
#include "tools/yunzi-problems/enclosed_group.hpp"

using namespace yunzi;
using namespace yunzi::problems;
using engine::Color;
using test::fate;
using tsumego::Status;

namespace {

const EnclosedGroup& corner_row(const std::string& name) {
  static const std::vector<EnclosedGroup> rows = second_line_rows();
  return test::in_corner_named(rows, name);
}

constexpr tsumego::SolverLimits row_limits{400'000};

}  // namespace

TEST_CASE("second-line rows in the corner: four die, five depend on the move, six live", "[tsumego][maker]") {
  const EnclosedGroup& four = corner_row("four on the second line");
  CHECK(four.group.size() == 4);
  CHECK(fate(four, Color::black, row_limits) == Status::dead);
  CHECK(fate(four, Color::white, row_limits) == Status::dead);
  const EnclosedGroup& five = corner_row("five on the second line");
  CHECK(fate(five, Color::black, row_limits) == Status::alive);
  CHECK(fate(five, Color::white, row_limits) == Status::dead);
  const EnclosedGroup& six = corner_row("six on the second line");
  CHECK(fate(six, Color::black, row_limits) == Status::alive);
  CHECK(fate(six, Color::white, row_limits) == Status::alive);
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
