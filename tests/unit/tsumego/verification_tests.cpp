#include <catch2/catch.hpp>

#include <string>

#include "tsumego/verification.hpp"

using namespace yunzi;
using namespace yunzi::tsumego;

namespace {

Problem one_problem(const std::string& sgf) {
  auto read = read_problems(sgf);
  REQUIRE(read.has_value());
  REQUIRE(read->problems.size() == 1);
  REQUIRE(read->problems.front().has_value());
  return read->problems.front().value();
}

bool mentions(const std::vector<std::string>& texts, const std::string& part) {
  for (const std::string& text : texts) {
    if (text.find(part) != std::string::npos) return true;
  }
  return false;
}

// White's bent three in the top-left corner of a 19x19 board, inside a black wall.
const std::string bent_three_stones = "SZ[19]AB[da][db][dc][cc][cd][bd][ad]AW[ca][cb][bb][bc][ac]";

}  // namespace

TEST_CASE("a problem whose tree agrees with the solver is accepted", "[tsumego][verification]") {
  Problem problem =
      one_problem("(;FF[4]" + bent_three_stones +
                  "PL[B]YG[kill](;B[aa];W[ba];B[ab]C[RIGHT])(;B[ba];W[aa]C[WRONG])(;B[ab];W[aa]C[WRONG]))");
  const Verification v = verify(problem);
  INFO((v.rejections.empty() ? "" : v.rejections.front()));
  CHECK(v.accepted);
  CHECK(v.status == Status::dead);
  REQUIRE(v.first_moves.size() == 1);
  CHECK(v.first_moves.front() == Play{engine::Vertex{0, 0}});
  CHECK(v.flags.empty());
  // The target was not stated: the largest white chain.
  REQUIRE(problem.target);
  CHECK(problem.target == engine::Vertex{2, 0});
}

TEST_CASE("a goal the solver refutes, a wrong move that works and a right move that fails are rejected",
          "[tsumego][verification]") {
  Problem live_by_black = one_problem("(;FF[4]" + bent_three_stones + "PL[B]YG[live]YT[ca](;B[aa]C[RIGHT]))");
  const Verification unreachable = verify(live_by_black);
  CHECK_FALSE(unreachable.accepted);
  CHECK(mentions(unreachable.rejections, "not reachable"));

  Problem wrong_called_right =
      one_problem("(;FF[4]" + bent_three_stones + "PL[B]YG[kill](;B[ba]C[RIGHT])(;B[aa];W[ba]C[WRONG]))");
  const Verification swapped = verify(wrong_called_right);
  CHECK_FALSE(swapped.accepted);
  CHECK(mentions(swapped.rejections, "right move B19 does not reach the goal"));
  CHECK(mentions(swapped.rejections, "calls A19 wrong"));
}

TEST_CASE("a problem without a tree is accepted with a flag, and one with nothing to do is rejected",
          "[tsumego][verification]") {
  Problem bare = one_problem("(;FF[4]" + bent_three_stones + "PL[W]C[White to live])");
  const Verification v = verify(bare);
  CHECK(v.accepted);
  CHECK(bare.goal == Goal::live);
  CHECK(mentions(v.flags, "no answer tree"));

  // Square four in the corner: dead whoever plays, so White cannot live.
  Problem hopeless =
      one_problem("(;FF[4]SZ[19]AB[da][db][dc][dd][ad][bd][cd]AW[ca][cb][cc][ac][bc]PL[W]YG[live]YT[ca])");
  const Verification dead = verify(hopeless);
  CHECK_FALSE(dead.accepted);
  CHECK(dead.status == Status::dead);
  CHECK(mentions(dead.rejections, "not reachable"));
  // The same group with Black to play: already dead, so there is nothing to do.
  Problem done = one_problem("(;FF[4]SZ[19]AB[da][db][dc][dd][ad][bd][cd]AW[ca][cb][cc][ac][bc]PL[B]YG[kill])");
  const Verification nothing = verify(done);
  CHECK_FALSE(nothing.accepted);
  CHECK(mentions(nothing.rejections, "decided by the side to move"));
}

TEST_CASE("a problem whose area is too large for the solver is rejected before any search", "[tsumego][verification]") {
  Problem wide = one_problem("(;FF[4]" + bent_three_stones + "PL[B]YG[kill]VW[aa:kk])");
  const Verification v = verify(wide);
  CHECK_FALSE(v.accepted);
  CHECK(v.nodes == 0);
  CHECK(mentions(v.rejections, "the problem's area holds 121 points"));
}
