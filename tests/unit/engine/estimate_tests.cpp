#include <catch2/catch.hpp>

#include <algorithm>

#include "engine/estimate.hpp"
#include "positions.hpp"

using namespace yunzi;
using namespace yunzi::engine;
using namespace yunzi::engine::test;

namespace {

// Black holds the left side, White the right; the two walls meet on
// columns E and F.
std::vector<std::string> split_board() {
  return {
      "....XO...", "....XO...", "....XO...", "....XO...", "....XO...",
      "....XO...", "....XO...", "....XO...", "....XO...",
  };
}

}  // namespace

TEST_CASE("an empty board estimates to minus komi", "[estimate]") {
  const auto estimate = estimate_score(Board(19), 7.5, 0);
  CHECK(estimate.dead.empty());
  CHECK(estimate.territory.black.empty());
  CHECK(estimate.territory.white.empty());
  CHECK(estimate.score.black_area == 0);
  CHECK(estimate.score.white_area == 0);
  CHECK(estimate.score.margin == -7.5);
  CHECK(to_sgf(estimate.score.result) == "W+7.5");
}

TEST_CASE("a settled position with nothing dead counts as it stands", "[estimate]") {
  const auto estimate = estimate_score(board_from(split_board()), 0, 0);
  CHECK(estimate.dead.empty());
  CHECK(estimate.score.black_area == 45);
  CHECK(estimate.score.white_area == 36);
  CHECK(to_sgf(estimate.score.result) == "B+9");
}

TEST_CASE("a lone stone deep in the opponent's area is dead", "[estimate]") {
  auto rows = split_board();
  rows[4][1] = 'O';
  rows[2][7] = 'X';
  const auto estimate = estimate_score(board_from(rows), 0, 0);
  CHECK(estimate.dead == std::vector<Vertex>{{1, 4}, {7, 2}});
  // Each dead stone's point goes to the side around it.
  CHECK(estimate.score.black_area == 45);
  CHECK(estimate.score.white_area == 36);
  CHECK(std::count(estimate.territory.black.begin(), estimate.territory.black.end(), Vertex{1, 4}) == 1);
  CHECK(std::count(estimate.territory.white.begin(), estimate.territory.white.end(), Vertex{7, 2}) == 1);
}

TEST_CASE("a group with two eyes lives inside the opponent's area, with one eye it dies", "[estimate]") {
  // A black group on White's edge with eyes at J9 and J7.
  auto rows = split_board();
  rows[0] = "....XOOX.";
  rows[1] = "....XOOXX";
  rows[2] = "....XOOX.";
  rows[3] = "....XOOXX";
  rows[4] = "....XOOOO";
  const auto alive = estimate_score(board_from(rows), 0, 0);
  CHECK(alive.dead.empty());
  CHECK(alive.territory.black == std::vector<Vertex>{{0, 0}, {0, 1}, {0, 2}, {0, 3}, {0, 4}, {0, 5}, {0, 6}, {0, 7},
                                                     {0, 8}, {1, 0}, {1, 1}, {1, 2}, {1, 3}, {1, 4}, {1, 5}, {1, 6},
                                                     {1, 7}, {1, 8}, {2, 0}, {2, 1}, {2, 2}, {2, 3}, {2, 4}, {2, 5},
                                                     {2, 6}, {2, 7}, {2, 8}, {3, 0}, {3, 1}, {3, 2}, {3, 3}, {3, 4},
                                                     {3, 5}, {3, 6}, {3, 7}, {3, 8}, {8, 0}, {8, 2}});

  rows[2] = "....XOOXX";  // J7 filled: one eye left
  const auto dead = estimate_score(board_from(rows), 0, 0);
  CHECK(dead.dead == std::vector<Vertex>{{7, 0}, {7, 1}, {7, 2}, {7, 3}, {8, 1}, {8, 2}, {8, 3}});
  CHECK(dead.score.white_area == 36);
}

TEST_CASE("both groups of a seki stay on the board", "[estimate]") {
  // White D9-D7-E7 and Black F9-F7 share the liberties E9 and E8; GNU Go
  // (level 10) lists all seven stones in seki.
  const Board board = board_from({
      "..XO.XO..",
      "..XO.XO..",
      "..XOOXO..",
      "XXXXXOOOO",
      "....XO...",
      "....XO...",
      "....XO...",
      "....XO...",
      "....XO...",
  });
  const auto estimate = estimate_score(board, 0, 0);
  CHECK(estimate.dead.empty());
  // The two shared liberties are dame: neither side's territory.
  for (const Vertex shared : {Vertex{4, 0}, Vertex{4, 1}}) {
    CHECK(std::count(estimate.territory.black.begin(), estimate.territory.black.end(), shared) == 0);
    CHECK(std::count(estimate.territory.white.begin(), estimate.territory.white.end(), shared) == 0);
  }
}

TEST_CASE("captured stones are gone before the estimate counts", "[estimate]") {
  // Black takes the white stone that went into Black's area; the prisoner
  // does not count under area rules, and the three white stones added on
  // White's own side change nothing.
  Game game = game_from(split_board(), Color::white);
  play_ok(game, Color::white, Vertex{1, 1});
  play_ok(game, Color::black, Vertex{1, 0});
  play_ok(game, Color::white, Vertex{8, 8});
  play_ok(game, Color::black, Vertex{0, 1});
  play_ok(game, Color::white, Vertex{8, 7});
  play_ok(game, Color::black, Vertex{2, 1});
  play_ok(game, Color::white, Vertex{7, 8});
  CHECK(play_ok(game, Color::black, Vertex{1, 2}) == 1);
  const auto estimate = estimate_score(game.board(), 0, 0);
  CHECK(estimate.dead.empty());
  CHECK(estimate.score.black_area == 45);
  CHECK(estimate.score.white_area == 36);
}

TEST_CASE("the estimate counts with its own dead list, komi and handicap", "[estimate]") {
  auto rows = split_board();
  rows[6][2] = 'O';
  rows[6][7] = 'X';
  rows[7][7] = 'X';
  const Board board = board_from(rows);
  const auto estimate = estimate_score(board, 0.5, 3);
  CHECK(std::is_sorted(estimate.dead.begin(), estimate.dead.end()));
  CHECK(estimate.dead == guess_dead_stones(board));
  CHECK(estimate.dead == std::vector<Vertex>{{2, 6}, {7, 6}, {7, 7}});
  const auto counted = score_area(board, estimate.dead, 0.5, 3);
  REQUIRE(counted.has_value());
  CHECK(estimate.score.margin == counted->margin);
  CHECK(estimate.score.margin == 45 - 36 - 0.5 - 3);
  const auto owned = territory(board, estimate.dead);
  REQUIRE(owned.has_value());
  CHECK(estimate.territory.black == owned->black);
  CHECK(estimate.territory.white == owned->white);
}

TEST_CASE("the guess only ever names stones of the board", "[estimate]") {
  // Positions from random legal play, open and crowded alike.
  for (const int size : {5, 9, 13, 19}) {
    Board board(size);
    std::uint64_t state = 12345u + static_cast<std::uint64_t>(size);
    Color mover = Color::black;
    for (int move = 0; move < size * size; ++move) {
      state = state * 6364136223846793005u + 1442695040888963407u;
      const auto pick = (state >> 33) % static_cast<std::uint64_t>(board.empty_count());
      const int index = board.empty_point(static_cast<int>(pick));
      if (board.check_at(mover, index) && !board.is_single_point_eye(mover, index)) board.play_at(mover, index);
      mover = opponent(mover);
      if (move % 17 != 0) continue;
      const auto dead = guess_dead_stones(board);
      INFO("size " << size << ", move " << move);
      CHECK(std::is_sorted(dead.begin(), dead.end()));
      for (const Vertex v : dead) CHECK(board.color_at(v).has_value());
    }
  }
}
