#include <catch2/catch.hpp>

#include <string>

#include "tsumego/attempt.hpp"
#include "tsumego/verification.hpp"

using namespace yunzi;
using namespace yunzi::tsumego;
using engine::Vertex;

namespace {

Problem verified(const std::string& sgf) {
  auto read = read_problems(sgf);
  REQUIRE(read.has_value());
  REQUIRE(read->problems.size() == 1);
  REQUIRE(read->problems.front().has_value());
  Problem problem = read->problems.front().value();
  REQUIRE(verify(problem).accepted);
  return problem;
}

const std::string bent_three_kill =
    "(;FF[4]SZ[19]AB[da][db][dc][cc][cd][bd][ad]AW[ca][cb][bb][bc][ac]PL[B]YG[kill]"
    "(;B[aa];W[ba];B[ab]C[RIGHT])(;B[ba];W[aa]C[WRONG])(;B[ab];W[aa]C[WRONG]))";

}  // namespace

TEST_CASE("the tree's right line is solved move by move, its wrong move refuted", "[tsumego][attempt]") {
  const Problem problem = verified(bent_three_kill);
  LifeSolver solver;
  auto first = judge_move(problem, {}, Play{Vertex{0, 0}}, solver);
  REQUIRE(first.has_value());
  CHECK(first->outcome == Outcome::going_on);
  CHECK(first->reply == Play{Vertex{1, 0}});
  auto second = judge_move(problem, {Play{Vertex{0, 0}}, Play{Vertex{1, 0}}}, Play{Vertex{0, 1}}, solver);
  REQUIRE(second.has_value());
  CHECK(second->outcome == Outcome::solved);

  auto wrong = judge_move(problem, {}, Play{Vertex{1, 0}}, solver);
  REQUIRE(wrong.has_value());
  CHECK(wrong->outcome == Outcome::failed);
  CHECK(wrong->reply == Play{Vertex{0, 0}});
  CHECK(wrong->comment == "WRONG");
}

TEST_CASE("a move the tree does not hold is judged by the solver", "[tsumego][attempt]") {
  const Problem problem = verified(bent_three_kill);
  LifeSolver solver;
  // Far from the corner: White then lives, and the solver shows how.
  auto tenuki = judge_move(problem, {}, Play{Vertex{4, 4}}, solver);
  REQUIRE(tenuki.has_value());
  CHECK(tenuki->judged_by_solver);
  CHECK(tenuki->outcome == Outcome::failed);
  CHECK(tenuki->reply == Play{Vertex{0, 0}});
  // After the right first move, White answers off the tree; taking the group is still the player's to find.
  auto off_tree = judge_move(problem, {Play{Vertex{0, 0}}, Play{Vertex{0, 1}}}, Play{Vertex{1, 0}}, solver);
  REQUIRE(off_tree.has_value());
  CHECK(off_tree->judged_by_solver);
  CHECK(off_tree->outcome == Outcome::solved);
}

TEST_CASE("illegal moves and moves after the end are refused; a hint is a right move", "[tsumego][attempt]") {
  const Problem problem = verified(bent_three_kill);
  LifeSolver solver;
  auto occupied = judge_move(problem, {}, Play{Vertex{2, 0}}, solver);
  REQUIRE_FALSE(occupied.has_value());
  CHECK(occupied.error().error == StepError::illegal);
  CHECK(occupied.error().message == "occupied");
  auto after_end = judge_move(problem, {Play{Vertex{1, 0}}}, Play{Vertex{0, 0}}, solver);
  REQUIRE_FALSE(after_end.has_value());
  CHECK(after_end.error().error == StepError::over);
  CHECK(hint(problem, {}, solver) == Play{Vertex{0, 0}});
  CHECK(hint(problem, {Play{Vertex{0, 0}}, Play{Vertex{1, 0}}}, solver) == Play{Vertex{0, 1}});
}

TEST_CASE("a move the solver cannot judge within its budget is refused, not guessed", "[tsumego][attempt]") {
  // Without a tree every move goes to the solver; proving the kill takes hundreds of positions.
  const Problem problem = verified("(;FF[4]SZ[19]AB[da][db][dc][cc][cd][bd][ad]AW[ca][cb][bb][bc][ac]PL[B]YG[kill])");
  LifeSolver starved(SolverLimits{5});
  auto move = judge_move(problem, {}, Play{Vertex{0, 0}}, starved);
  REQUIRE_FALSE(move.has_value());
  CHECK(move.error().error == StepError::too_hard);
}

TEST_CASE("a solver that forgets past a few entries still answers the same", "[tsumego][attempt]") {
  const Problem problem = verified(bent_three_kill);
  LifeSolver forgetful(SolverLimits{2'000'000, 8});
  for (int round = 0; round < 3; ++round) {
    auto tenuki = judge_move(problem, {}, Play{Vertex{4, 4}}, forgetful);
    REQUIRE(tenuki.has_value());
    CHECK(tenuki->outcome == Outcome::failed);
    CHECK(tenuki->reply == Play{Vertex{0, 0}});
  }
}
