#include <catch2/catch.hpp>

#include "engine/board.hpp"
#include "positions.hpp"

using namespace yunzi;
using namespace yunzi::engine;
using namespace yunzi::engine::test;

TEST_CASE("a lone stone has its empty neighbours as liberties", "[board]") {
  Board board(9);
  board.play(Color::black, Vertex{4, 4});
  board.play(Color::black, Vertex{0, 0});
  board.play(Color::white, Vertex{8, 4});
  CHECK(board.liberties(Vertex{4, 4}) == 4);
  CHECK(board.liberties(Vertex{0, 0}) == 2);
  CHECK(board.liberties(Vertex{8, 4}) == 3);
  CHECK(board.liberties(Vertex{1, 1}) == 0);
  CHECK(board.empty_count() == 78);
  CHECK(board.is_consistent());
}

TEST_CASE("joining chains counts shared liberties once", "[board]") {
  Board board(9);
  board.play(Color::black, Vertex{2, 2});
  board.play(Color::black, Vertex{4, 2});
  board.play(Color::white, Vertex{3, 1});
  // The joining stone's own liberty (3,3) must not be counted twice.
  board.play(Color::black, Vertex{3, 2});
  CHECK(board.chain_size(Vertex{2, 2}) == 3);
  CHECK(board.liberties(Vertex{4, 2}) == 7);
  CHECK(board.liberties(Vertex{3, 1}) == 3);
  CHECK(board.chain(Vertex{3, 2}).size() == 3);
  CHECK(board.is_consistent());
}

TEST_CASE("a chain whose one liberty touches several of its stones is in atari", "[board][capture]") {
  // Black's ring has one liberty, (1,1), next to four of its stones.
  Board board = board_from({
      "XXXO.",
      "X.XO.",
      "XXXO.",
      "OOOO.",
      ".....",
  });
  REQUIRE(board.liberties(Vertex{0, 0}) == 1);
  REQUIRE(board.check(Color::white, Vertex{1, 1}).has_value());
  const auto captured = *board.play(Color::white, Vertex{1, 1});
  CHECK(captured.size() == 8);
  CHECK(board.liberties(Vertex{1, 1}) == 4);
  CHECK(board.is_consistent());
}

TEST_CASE("a chain with two liberties, each next to three of its stones, is not in atari", "[board][suicide]") {
  Board board = board_from({
      "X.X.XO",
      "XXXXXO",
      "OOOOOO",
      "......",
      "......",
      "......",
  });
  REQUIRE(board.liberties(Vertex{0, 0}) == 2);
  // White in either eye captures nothing, so it is suicide; Black may fill one.
  CHECK(board.check(Color::white, Vertex{1, 0}).error() == MoveError::suicide);
  CHECK(board.check(Color::white, Vertex{3, 0}).error() == MoveError::suicide);
  REQUIRE(board.play(Color::black, Vertex{1, 0}).has_value());
  CHECK(board.liberties(Vertex{0, 0}) == 1);
  CHECK(board.check(Color::white, Vertex{3, 0}).has_value());
  CHECK(board.is_consistent());
}

TEST_CASE("vertex_of undoes index_of on every board size", "[board]") {
  for (int size = min_board_size; size <= max_board_size; ++size) {
    const Board board(size);
    for (int y = 0; y < size; ++y) {
      for (int x = 0; x < size; ++x) {
        const Vertex v{x, y};
        REQUIRE(board.vertex_of(board.index_of(v)) == v);
      }
    }
  }
}

TEST_CASE("a stone on a point with no liberties is legal when it captures", "[board][capture]") {
  Board board = board_from({
      ".OX..",
      "OX...",
      "X....",
      ".....",
      ".....",
  });
  REQUIRE(board.check(Color::black, Vertex{0, 0}).has_value());
  const auto captured = *board.play(Color::black, Vertex{0, 0});
  CHECK(captured == std::vector<Vertex>{{1, 0}, {0, 1}});
  CHECK(board.at(Vertex{1, 0}) == Cell::empty);
  CHECK(board.at(Vertex{0, 1}) == Cell::empty);
  CHECK(board.liberties(Vertex{0, 0}) == 2);
  CHECK(board.liberties(Vertex{2, 0}) == 3);
  CHECK(board.is_consistent());
}

TEST_CASE("single-stone suicide is refused", "[board][suicide]") {
  Game game = game_from(
      {
          ".X...",
          "X....",
          ".....",
          ".....",
          ".....",
      },
      Color::white);
  CHECK(play_error(game, Color::white, Vertex{0, 0}) == MoveError::suicide);
  CHECK(game.board().at(Vertex{0, 0}) == Cell::empty);
  CHECK(game.to_move() == Color::white);
  // Filling one's own eye is not suicide.
  REQUIRE(game.pass(Color::white).has_value());
  CHECK(game.check(Color::black, Vertex{0, 0}).has_value());
}

TEST_CASE("multi-stone suicide is refused", "[board][suicide]") {
  Game game = game_from(
      {
          "X.OX.",
          "XXOX.",
          "XXX..",
          ".....",
          ".....",
      },
      Color::white);
  // White's two stones keep one liberty; filling it takes nothing and leaves three stones without any.
  REQUIRE(game.board().liberties(Vertex{2, 0}) == 1);
  CHECK(play_error(game, Color::white, Vertex{1, 0}) == MoveError::suicide);
  CHECK(game.board().chain_size(Vertex{2, 0}) == 2);
  CHECK(game.board().is_consistent());
}

TEST_CASE("snapback: capturing one stone lets the opponent take five", "[board][capture]") {
  Game game = game_from(
      {
          "..XO.",
          "XXXO.",
          "OOO..",
          ".....",
          ".....",
      },
      Color::white);
  REQUIRE(game.board().liberties(Vertex{2, 0}) == 2);
  CHECK(play_ok(game, Color::white, Vertex{0, 0}) == 0);  // the throw-in
  CHECK(game.board().liberties(Vertex{2, 0}) == 1);
  CHECK(play_ok(game, Color::black, Vertex{1, 0}) == 1);
  CHECK(game.board().liberties(Vertex{1, 0}) == 1);
  // Not a ko: Black's capturing chain is five stones, so White retakes at once.
  CHECK(play_ok(game, Color::white, Vertex{0, 0}) == 5);
  CHECK(game.captures(Color::white) == 5);
  CHECK(game.captures(Color::black) == 1);
  CHECK(game.board().liberties(Vertex{0, 0}) == 2);
  CHECK(game.board().stone_count(Color::black) == 0);
  CHECK(game.board().is_consistent());
}

TEST_CASE("hash_after predicts the hash of the board after the move", "[board][hash]") {
  Board board = board_from({
      ".OX..",
      "OX...",
      "X....",
      ".....",
      ".....",
  });
  const auto before = board.hash();
  const auto predicted = board.hash_after(Color::black, Vertex{0, 0});
  CHECK(board.hash() == before);
  board.play(Color::black, Vertex{0, 0});
  CHECK(board.hash() == predicted);
  CHECK(predicted != before);
}

TEST_CASE("off-board and occupied points are reported", "[board]") {
  Board board(5);
  board.play(Color::black, Vertex{2, 2});
  CHECK(board.check(Color::white, Vertex{5, 0}).error() == MoveError::off_board);
  CHECK(board.check(Color::white, Vertex{-1, 2}).error() == MoveError::off_board);
  CHECK(board.check(Color::white, Vertex{2, 2}).error() == MoveError::occupied);
  CHECK(board.add_stone(Color::white, Vertex{2, 2}).error() == MoveError::occupied);
  CHECK(board.play(Color::white, Vertex{2, 2}).error() == MoveError::occupied);
  CHECK(board.play(Color::white, Vertex{0, 7}).error() == MoveError::off_board);
  CHECK(board.is_consistent());
  CHECK_FALSE(board.color_at(Vertex{7, 7}).has_value());
  CHECK(board.liberties(Vertex{7, 7}) == 0);
  CHECK(board.chain(Vertex{7, 7}).empty());
}

TEST_CASE("every board size from 2 to 25 works and others are refused", "[board]") {
  for (int size = min_board_size; size <= max_board_size; ++size) {
    Board board(size);
    board.play(Color::black, Vertex{size - 1, size - 1});
    CHECK(board.liberties(Vertex{size - 1, size - 1}) == 2);
    CHECK(board.empty_count() == size * size - 1);
    CHECK(board.is_consistent());
  }
  CHECK_THROWS_AS(Board(1), std::invalid_argument);
  CHECK_THROWS_AS(Board(26), std::invalid_argument);
}

TEST_CASE("on 2x2 the fourth stone is suicide unless it captures", "[board][suicide]") {
  Board fresh(2);
  fresh.play(Color::black, Vertex{0, 0});
  fresh.play(Color::black, Vertex{1, 0});
  fresh.play(Color::black, Vertex{0, 1});
  CHECK(fresh.check(Color::black, Vertex{1, 1}).error() == MoveError::suicide);
  CHECK(fresh.check(Color::white, Vertex{1, 1}).has_value());
  CHECK(fresh.play(Color::white, Vertex{1, 1})->size() == 3);
  CHECK(fresh.check(Color::black, Vertex{0, 0}).has_value());
  CHECK(fresh.is_consistent());
}

TEST_CASE("a copied or assigned board is independent of its source, whatever the sizes", "[board]") {
  Board source(19);
  source.play(Color::black, Vertex{3, 3});
  source.play(Color::white, Vertex{15, 15});

  Board copy(source);
  copy.play(Color::black, Vertex{10, 10});
  CHECK(source.at(Vertex{10, 10}) == Cell::empty);
  CHECK(copy.at(Vertex{10, 10}) == Cell::black);
  CHECK(copy.hash() != source.hash());
  CHECK(copy.is_consistent());

  // Assigning over a board of another size takes the source's size and
  // stones; over one of the same size it overwrites them.
  Board small(5);
  small = source;
  CHECK(small.size() == 19);
  CHECK(small.at(Vertex{15, 15}) == Cell::white);
  CHECK(small.hash() == source.hash());
  CHECK(small.is_consistent());
  small = copy;
  CHECK(small.at(Vertex{10, 10}) == Cell::black);
  CHECK(small.is_consistent());

  Board large(25);
  large.play(Color::white, Vertex{24, 24});
  large = Board(9);
  CHECK(large.size() == 9);
  CHECK(large.empty_count() == 81);
  CHECK(large.is_consistent());

  // A moved-from board takes a new value by assignment.
  Board taken(std::move(copy));
  CHECK(taken.at(Vertex{10, 10}) == Cell::black);
  copy = source;
  CHECK(copy.at(Vertex{10, 10}) == Cell::empty);
  CHECK(copy.is_consistent());
  CHECK(taken.is_consistent());
}
