// Ladder problems: drawn stones chased toward the corner, proven by the solver, tagged as ladders.
#include <catch2/catch.hpp>

#include <algorithm>

#include "tools/yunzi-problems/capture_position.hpp"
#include "tsumego/line_position.hpp"
#include "tsumego/problem.hpp"

using namespace yunzi;
using namespace yunzi::problems;

TEST_CASE("drawn ladders become problems whose right line chases the stone until it is taken", "[tsumego][maker]") {
  std::mt19937_64 rng(7);
  int ladders = 0;
  for (int tries = 0; tries < 200 && ladders < 3; ++tries) {
    std::optional<CapturePosition> position = ladder_capture(rng);
    if (!position) continue;
    const std::optional<Made> made = finish_problem(position->bare, position->naming, rng, MakerOptions{});
    if (!made) continue;
    const tsumego::Problem& problem = made->problem;
    if (std::find(problem.themes.begin(), problem.themes.end(), "ladder") == problem.themes.end()) continue;
    ++ladders;
    INFO(tsumego::write_problem(problem));
    CHECK(problem.goal == tsumego::Goal::capture);
    // The right line is the player's ataris and the opponent's runs, until the stones stand in atari with
    // nowhere to run.
    std::vector<tsumego::Play> line;
    for (std::size_t at = 0; !problem.tree[at].children.empty();) {
      at = problem.tree[at].children.front();
      line.push_back(problem.tree[at].move);
    }
    REQUIRE(line.size() >= 5);
    REQUIRE(line.size() % 2 == 1);
    for (std::size_t moves = 1; moves <= line.size(); moves += 2) {
      auto partial = tsumego::replay(problem, std::vector<tsumego::Play>(line.begin(), line.begin() + moves));
      REQUIRE(partial);
      CHECK(partial->board().liberties(*problem.target) == 1);
    }
  }
  CHECK(ladders == 3);
}
