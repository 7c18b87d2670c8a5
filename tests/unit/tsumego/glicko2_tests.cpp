#include <catch2/catch.hpp>
#include <vector>

#include "tsumego/glicko2.hpp"

using yunzi::tsumego::expected_score;
using yunzi::tsumego::Glicko;
using yunzi::tsumego::GlickoGame;
using yunzi::tsumego::min_glicko_deviation;
using yunzi::tsumego::rate_attempt;
using yunzi::tsumego::update_rating;

TEST_CASE("Glicko-2 gives the worked example of Glickman's paper", "[tsumego][glicko2]") {
  const Glicko player{1500, 200, 0.06};
  const std::vector<GlickoGame> games{{{1400, 30, 0.06}, 1}, {{1550, 100, 0.06}, 0}, {{1700, 300, 0.06}, 0}};
  const Glicko after = update_rating(player, games);
  CHECK(after.rating == Approx(1464.06).margin(0.01));
  CHECK(after.deviation == Approx(151.52).margin(0.01));
  CHECK(after.volatility == Approx(0.05999).margin(0.00001));
}

TEST_CASE("Glicko-2 without games only widens the deviation", "[tsumego][glicko2]") {
  const Glicko after = update_rating({1500, 200, 0.06}, {});
  CHECK(after.rating == 1500);
  CHECK(after.volatility == 0.06);
  CHECK(after.deviation == Approx(200.27).margin(0.01));
}

TEST_CASE("Solving a problem raises the player and lowers the problem; failing does the reverse",
          "[tsumego][glicko2]") {
  const Glicko player{1600, 120, 0.06};
  const Glicko problem{1650, 90, 0.06};
  const auto solved = rate_attempt(player, problem, true);
  CHECK(solved.player.rating > player.rating);
  CHECK(solved.problem.rating < problem.rating);
  const auto failed = rate_attempt(player, problem, false);
  CHECK(failed.player.rating < player.rating);
  CHECK(failed.problem.rating > problem.rating);
  // One game tells both sides something.
  CHECK(solved.player.deviation < player.deviation);
  CHECK(solved.problem.deviation < problem.deviation);
}

TEST_CASE("A surprising result moves a rating more than an expected one", "[tsumego][glicko2]") {
  const Glicko player{1500, 100, 0.06};
  const Glicko hard{1900, 100, 0.06};
  const Glicko easy{1100, 100, 0.06};
  const double gain_on_hard = rate_attempt(player, hard, true).player.rating - player.rating;
  const double gain_on_easy = rate_attempt(player, easy, true).player.rating - player.rating;
  CHECK(gain_on_hard > 2 * gain_on_easy);
  const double loss_on_easy = player.rating - rate_attempt(player, easy, false).player.rating;
  const double loss_on_hard = player.rating - rate_attempt(player, hard, false).player.rating;
  CHECK(loss_on_easy > 2 * loss_on_hard);
}

TEST_CASE("The deviation never falls below its floor, so ratings keep moving", "[tsumego][glicko2]") {
  // At a volatility of 0.06 the deviation settles near 60 by itself; a steadier player would go below 45.
  Glicko player{1500, 350, 0.02};
  Glicko problem{1500, 350, 0.02};
  for (int attempt = 0; attempt < 500; ++attempt) {
    const auto update = rate_attempt(player, problem, attempt % 2 == 0);
    player = update.player;
    problem = update.problem;
    REQUIRE(player.deviation >= min_glicko_deviation);
    REQUIRE(problem.deviation >= min_glicko_deviation);
  }
  CHECK(player.deviation == min_glicko_deviation);
  const double before = player.rating;
  CHECK(rate_attempt(player, problem, true).player.rating - before > 3);
}

TEST_CASE("The deviation never exceeds 350", "[tsumego][glicko2]") {
  const Glicko fresh{1500, 350, 0.06};
  CHECK(update_rating(fresh, {}).deviation == 350);
  CHECK(update_rating({1500, 2000, 0.06}, {}).deviation == 350);
}

TEST_CASE("The expected score follows the rating gap and the problem's deviation", "[tsumego][glicko2]") {
  CHECK(expected_score({1500, 100, 0.06}, {1500, 100, 0.06}) == Approx(0.5));
  // 200 points ahead with a well-known opponent: close to Elo's 1 / (1 + 10^-0.5).
  CHECK(expected_score({1700, 45, 0.06}, {1500, 45, 0.06}) == Approx(0.758).margin(0.002));
  CHECK(expected_score({1500, 45, 0.06}, {1700, 45, 0.06}) == Approx(0.242).margin(0.002));
  // An uncertain problem pulls the expectation toward one half.
  CHECK(expected_score({1700, 45, 0.06}, {1500, 350, 0.06}) < expected_score({1700, 45, 0.06}, {1500, 45, 0.06}));
}
