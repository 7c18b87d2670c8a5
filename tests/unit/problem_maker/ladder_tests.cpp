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
    // nowhere to run, or are taken when the last run found no liberty.
    const std::vector<tsumego::Play> line = main_line(problem);
    REQUIRE(line.size() >= 5);
    REQUIRE(line.size() % 2 == 1);
    auto game = tsumego::replay(problem, {});
    REQUIRE(game);
    int liberties_after_last_run = 0;
    for (std::size_t i = 0; i < line.size(); ++i) {
      REQUIRE(tsumego::play_on(*game, line[i], i));
      const bool taken = !game->board().color_at(*problem.target);
      if (i % 2 == 1) liberties_after_last_run = game->board().liberties(*problem.target);
      if (i % 2 == 0 && !(i + 1 == line.size() && taken)) CHECK(game->board().liberties(*problem.target) == 1);
    }
    // The last move may take the stones instead, only when their last run left them a single liberty.
    if (!game->board().color_at(*problem.target)) CHECK(liberties_after_last_run == 1);
  }
  CHECK(ladders == 3);
}
