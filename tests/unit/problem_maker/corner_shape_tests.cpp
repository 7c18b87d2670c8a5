// The named corner shapes behave as players learn them (the L group with a leg lives or dies by the move), and
// become problems whose tree holds a right line for every right first move.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "tests/unit/problem_maker/drawn_shapes.hpp"
#include "tools/yunzi-problems/enclosed_group.hpp"
#include "tools/yunzi-problems/problem_maker.hpp"
#include "tsumego/answer_tree.hpp"
#include "tsumego/verification.hpp"

using namespace yunzi;
using namespace yunzi::problems;
using engine::Color;
using test::fate;
using tsumego::Status;

namespace {

const EnclosedGroup& corner_shape(const std::string& name) {
  static const std::vector<EnclosedGroup> shapes = corner_shapes();
  return test::in_corner_named(shapes, name);
}

}  // namespace

TEST_CASE("the L group with a leg lives or dies by the move", "[tsumego][maker]") {
  const EnclosedGroup& leg = corner_shape("the L group, a leg on the short arm");
  // Two by three inside, the arms on the second line, the first line open under and beyond their ends.
  CHECK(leg.group.size() == 4);
  CHECK(leg.extra_owner == std::vector<engine::Vertex>{{0, 3}});
  CHECK(leg.eye_space.size() == 9);
  CHECK(fate(leg, Color::black) == Status::alive);
  CHECK(fate(leg, Color::white) == Status::dead);
  const EnclosedGroup& hane = corner_shape("the L group, a leg on the long arm and a hane at the short arm");
  CHECK(fate(hane, Color::black) == Status::alive);
  CHECK(fate(hane, Color::white) == Status::dead);
}

TEST_CASE("a corner shape killed in several ways becomes a problem with a right line for each", "[tsumego][maker]") {
  const EnclosedGroup& shape = corner_shape("the L group, a leg on the long arm and a hane at the short arm");
  MakerOptions options;
  options.limits = tsumego::SolverLimits{};
  options.most_right_first_moves = 3;
  std::mt19937_64 rng(3);
  const std::optional<Made> made = make_problem(shape, false, 0, true, rng, options);
  REQUIRE(made);
  tsumego::Problem problem = made->problem;
  CHECK(problem.goal == tsumego::Goal::kill);
  CHECK(problem.title == "White to kill (the L group, a leg on the long arm and a hane at the short arm)");
  CHECK(std::find(problem.themes.begin(), problem.themes.end(), "corner shape") != problem.themes.end());
  const tsumego::Verification verdict = tsumego::verify(problem);
  REQUIRE(verdict.accepted);
  CHECK(verdict.first_moves.size() > 1);
  // Every right first move of the solver's opens a right line of the tree, and the tree calls no other move right.
  const std::vector<tsumego::Play> right_in_tree = tsumego::AnswerTree(problem).right_first_moves();
  CHECK(std::set<tsumego::Play>(right_in_tree.begin(), right_in_tree.end()) ==
        std::set<tsumego::Play>(verdict.first_moves.begin(), verdict.first_moves.end()));
  // A made shape keeps to one right first move: the same group is no problem for it.
  std::mt19937_64 other(3);
  CHECK_FALSE(make_problem(shape, false, 0, true, other, MakerOptions{tsumego::SolverLimits{}}));
}
