#include <catch2/catch.hpp>

#include <algorithm>

#include "engine/scoring.hpp"
#include "positions.hpp"

using namespace yunzi;
using namespace yunzi::engine;
using namespace yunzi::engine::test;

namespace {

// A black wall and a white wall with one empty column of dame between.
const std::vector<std::string> dame_column = {
    ".X.O.", ".X.O.", ".X.O.", ".X.O.", ".X.O.",
};

}  // namespace

TEST_CASE("results are written in SGF form", "[scoring]") {
  auto result_of = [](double margin) { return yunzi::to_sgf(yunzi::counted_result(margin)); };
  CHECK(result_of(7.5) == "B+7.5");
  CHECK(result_of(-0.5) == "W+0.5");
  CHECK(result_of(0.0) == "0");
  CHECK(result_of(3.0) == "B+3");
  CHECK(result_of(-12.25) == "W+12.25");
  CHECK(result_of(1e-12) == "0");
}

TEST_CASE("dame are split half and half", "[scoring]") {
  const Board board = board_from(dame_column);
  auto score = score_area(board, {}, 0.0, 0);
  REQUIRE(score.has_value());
  CHECK(score->black_area == 12.5);
  CHECK(score->white_area == 12.5);
  CHECK(score->margin == 0.0);
  CHECK(yunzi::to_sgf(score->result) == "0");
  auto with_komi = score_area(board, {}, 7.5, 0);
  REQUIRE(with_komi.has_value());
  CHECK(yunzi::to_sgf(with_komi->result) == "W+7.5");
}

TEST_CASE("a seki's eyes count for their owners, its shared liberty is split", "[scoring][seki]") {
  // Each side has one eye; (2,0) is their only shared liberty. Neither side
  // can fill the other's eye, and the one who fills (2,0) is captured.
  Game game = game_from({
      ".X.O.",
      "XXXOO",
      "XXXOO",
      "XXXOO",
      "XXXOO",
  });
  CHECK(game.check(Color::black, Vertex{4, 0}).error() == MoveError::suicide);
  CHECK(game.board().liberties(Vertex{1, 1}) == 2);
  CHECK(game.board().liberties(Vertex{3, 1}) == 2);
  auto score = score_area(game.board(), {}, 0.0, 0);
  REQUIRE(score.has_value());
  CHECK(score->black_area == 14.5);  // 13 stones, the eye, half the shared point
  CHECK(score->white_area == 10.5);  // 9 stones, the eye, half the shared point
  CHECK(yunzi::to_sgf(score->result) == "B+4");
  CHECK(yunzi::to_sgf(score_area(game.board(), {}, 7.5, 0)->result) == "W+3.5");
}

TEST_CASE("dead stones are removed and their points go to the surrounding side", "[scoring]") {
  const Board board = board_from({
      ".X.O.",
      ".X.O.",
      "OX.O.",
      ".X.O.",
      ".X.O.",
  });
  auto score = score_area(board, chain_at(board, Vertex{0, 2}), 0.0, 0);
  REQUIRE(score.has_value());
  CHECK(score->black_area == 12.5);
  CHECK(score->white_area == 12.5);
  auto alive = score_area(board, {}, 0.0, 0);
  REQUIRE(alive.has_value());
  // Left alive, the white stone counts and the black side's column is shared.
  CHECK(alive->white_area == 12.5 + 1 + 2);
  CHECK(alive->black_area == 5 + 2 + 2.5);
}

TEST_CASE("White receives one point per handicap stone from two up", "[scoring][handicap]") {
  CHECK(handicap_compensation(0) == 0);
  CHECK(handicap_compensation(1) == 0);
  CHECK(handicap_compensation(2) == 2);
  CHECK(handicap_compensation(9) == 9);
  const Board board = board_from(dame_column);
  CHECK(yunzi::to_sgf(score_area(board, {}, 0.5, 3)->result) == "W+3.5");
  CHECK(yunzi::to_sgf(score_area(board, {}, 0.5, 1)->result) == "W+0.5");

  GameSetup setup;
  setup.size = 9;
  setup.handicap = 2;
  setup.komi = 0.5;
  auto game = Game::create(setup);
  REQUIRE(game.has_value());
  REQUIRE(game->pass(Color::white).has_value());
  REQUIRE(game->pass(Color::black).has_value());
  auto score = score_game(*game, {});
  REQUIRE(score.has_value());
  CHECK(score->black_area == 81);
  CHECK(score->margin == 81 - 0.5 - 2);
  CHECK(yunzi::to_sgf(score->result) == "B+78.5");
}

TEST_CASE("chain_at lists the whole chain a click marks", "[scoring]") {
  const Board board = board_from({
      "XX...",
      ".X...",
      ".XX.O",
      ".....",
      ".....",
  });
  auto chain = chain_at(board, Vertex{2, 2});
  std::sort(chain.begin(), chain.end());
  CHECK(chain == std::vector<Vertex>{{0, 0}, {1, 0}, {1, 1}, {1, 2}, {2, 2}});
  CHECK(chain_at(board, Vertex{4, 2}).size() == 1);
  CHECK(chain_at(board, Vertex{3, 3}).empty());
  CHECK(chain_at(board, Vertex{9, 9}).empty());
}

TEST_CASE("bad dead-stone lists are refused", "[scoring]") {
  const Board board = board_from(dame_column);
  CHECK(score_area(board, {Vertex{0, 0}}, 0, 0).error() == ScoreError::dead_point_empty);
  CHECK(score_area(board, {Vertex{5, 0}}, 0, 0).error() == ScoreError::dead_point_off_board);
  CHECK(to_string(ScoreError::dead_point_empty) == "dead_point_empty");
}

TEST_CASE("territory lists each side's empty points and the points of the dead stones it surrounds",
          "[scoring][territory]") {
  const Board board = board_from({
      ".X.O.",
      ".X.O.",
      "OX.O.",
      ".X.O.",
      ".X.O.",
  });
  auto counted = territory(board, chain_at(board, Vertex{0, 2}));
  REQUIRE(counted.has_value());
  // Column 0 is Black's, the dead white stone at (0,2) included; column 4 is
  // White's; column 2 touches both and is nobody's.
  const std::vector<Vertex> black{{0, 0}, {0, 1}, {0, 2}, {0, 3}, {0, 4}};
  const std::vector<Vertex> white{{4, 0}, {4, 1}, {4, 2}, {4, 3}, {4, 4}};
  CHECK(counted->black == black);
  CHECK(counted->white == white);

  // Left alive, the white stone makes column 0 shared: Black has no territory.
  auto alive = territory(board, {});
  REQUIRE(alive.has_value());
  CHECK(alive->black.empty());
  CHECK(alive->white == white);
  CHECK(territory(board, {Vertex{2, 2}}).error() == ScoreError::dead_point_empty);
}

TEST_CASE("territory agrees with the area count", "[scoring][territory]") {
  Game game = game_from({
      ".X.O.",
      "XXXOO",
      "XXXOO",
      "XXXOO",
      "XXXOO",
  });
  auto counted = territory(game.board(), {});
  REQUIRE(counted.has_value());
  CHECK(counted->black == std::vector<Vertex>{{0, 0}});
  CHECK(counted->white == std::vector<Vertex>{{4, 0}});  // the seki's shared point (2,0) is neither's
}
