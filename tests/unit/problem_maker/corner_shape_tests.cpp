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

TEST_CASE("bent four in the corner is a ko the attacker makes and the owner cannot end", "[tsumego][maker]") {
  const EnclosedGroup& bent = corner_shape("bent four in the corner");
  // Three points down one edge and one along the other, bent at the corner point, the ring of six stones round it.
  CHECK(bent.eye_space.size() == 4);
  CHECK(bent.group.size() == 6);
  CHECK(fate(bent, Color::black) == Status::alive);
  CHECK(fate(bent, Color::white) == Status::ko);
  // With the attacker's stones on both points next to the corner, the owner to move can only take them in a ko,
  // and the attacker to move kills.
  const EnclosedGroup& reduced = corner_shape("bent four in the corner, stones on both points next to the corner");
  CHECK(fate(reduced, Color::black) == Status::ko);
  CHECK(fate(reduced, Color::white) == Status::dead);

  // As a problem (attacker to move, not turned): a ko goal, made by the one move next to the corner on the long arm.
  std::mt19937_64 rng(5);
  MakerOptions options;
  options.most_right_first_moves = 3;
  const std::optional<Made> made = make_problem(bent, false, 0, true, rng, options);
  REQUIRE(made);
  tsumego::Problem problem = made->problem;
  CHECK(problem.goal == tsumego::Goal::ko);
  CHECK(tsumego::AnswerTree(problem).right_first_moves() ==
        std::vector<tsumego::Play>{tsumego::Play{engine::Vertex{0, 1}}});
  CHECK(tsumego::verify(problem).accepted);
}
