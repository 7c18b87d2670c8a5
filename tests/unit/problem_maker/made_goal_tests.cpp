// The maker states the goal the solver finds: a group whose best is a ko becomes a ko problem, worded as one.
#include <catch2/catch.hpp>

#include <algorithm>

#include "tests/unit/problem_maker/problem_text.hpp"
#include "tools/yunzi-problems/problem_maker.hpp"
#include "tsumego/verification.hpp"

using namespace yunzi;
using namespace yunzi::problems;

TEST_CASE("a group that can only reach a ko makes a ko problem", "[tsumego][maker]") {
  // Black's corner group, asked to live: the best it can do is take a ko.
  tsumego::Problem bare =
      test::problem_from("(;GM[1]FF[4]SZ[19]PL[B]YG[live]YT[br]AB[cs][br][aq][bq]AW[ds][dr][cq][dq][ap][bp][cp][ar])");
  REQUIRE(!tsumego::verify(bare, tsumego::SolverLimits{30'000}).accepted);

  std::mt19937_64 rng(3);
  const auto made = finish_problem(bare, Naming{"corner", "", "", false, ""}, rng, MakerOptions{{30'000}, 2});
  REQUIRE(made);
  const tsumego::Problem& problem = made->problem;
  CHECK(problem.goal == tsumego::Goal::ko);
  CHECK(std::find(problem.themes.begin(), problem.themes.end(), "ko") != problem.themes.end());
  CHECK(problem.title == "Black to make a ko in the corner");
  CHECK(problem.comment == "Black to make a ko. 黑先劫。");
  tsumego::Problem again = problem;
  const tsumego::Verification checked = tsumego::verify(again, tsumego::SolverLimits{30'000});
  CHECK(checked.accepted);
  CHECK(checked.status == tsumego::Status::ko);
  CHECK(checked.first_moves.size() == 1);
}
