#include <catch2/catch.hpp>

#include "positions.hpp"

using namespace yunzi;
using namespace yunzi::engine;
using namespace yunzi::engine::test;

namespace {

// White holds the ko at (1,1); Black takes it at (2,1).
const std::vector<std::string> ko_shape = {
    ".XO..", "XO.O.", ".XO..", ".....", ".....",
};

// Three kos: the first and third held by White, the second by Black.
// Ko k is at rows 3k..3k+2: a = (1, 3k+1), b = (2, 3k+1).
const std::vector<std::string> triple_ko = {
    ".XO......", "XO.O.....", ".XO......", ".XO......", "X.XO.....", ".XO......", ".XO......", "XO.O.....", ".XO......",
};

Vertex ko_a(int k) { return Vertex{1, 3 * k + 1}; }
Vertex ko_b(int k) { return Vertex{2, 3 * k + 1}; }

// Sending two, returning one: Black sends (0,0) to join (1,0) in atari,
// White takes both at (2,0), Black retakes one at (1,0). The stones are
// then as at the start, but with White to move.
const std::vector<std::string> send_two_return_one = {
    ".X.X...", "OOX....", ".......", ".......", ".......", ".......", ".......",
};

// The cycle of eternal life in small: Black sacrifices two, White takes
// two, Black takes two back, White throws in and the position repeats.
const std::vector<std::string> eternal_life = {
    ".X.OX..", "OOXX...", ".......", ".......", ".......", ".......", ".......",
};

}  // namespace

TEST_CASE("simple ko: no immediate single-stone retake, under every rule", "[ko]") {
  for (KoRule rule : {KoRule::simple, KoRule::positional, KoRule::situational}) {
    INFO(to_string(rule));
    Game game = game_from(ko_shape, Color::black, rule);
    CHECK(play_ok(game, Color::black, Vertex{2, 1}) == 1);
    CHECK(game.board().liberties(Vertex{2, 1}) == 1);
    CHECK(game.check(Color::white, Vertex{1, 1}).error() == MoveError::ko);
    CHECK(play_error(game, Color::white, Vertex{1, 1}) == MoveError::ko);
    CHECK(game.to_move() == Color::white);
    // After a move elsewhere by each side the retake is fine.
    play_ok(game, Color::white, Vertex{4, 4});
    play_ok(game, Color::black, Vertex{4, 3});
    CHECK(play_ok(game, Color::white, Vertex{1, 1}) == 1);
    CHECK(game.captures(Color::white) == 1);
    CHECK(game.captures(Color::black) == 1);
    // And now Black may not retake at once.
    CHECK(play_error(game, Color::black, Vertex{2, 1}) == MoveError::ko);
  }
}

TEST_CASE("a pass lifts the ko ban under simple ko", "[ko]") {
  Game game = game_from(ko_shape, Color::black, KoRule::simple);
  play_ok(game, Color::black, Vertex{2, 1});
  REQUIRE(game.pass(Color::white).has_value());
  play_ok(game, Color::black, Vertex{4, 4});
  CHECK(play_ok(game, Color::white, Vertex{1, 1}) == 1);
}

TEST_CASE("triple ko: the sixth capture repeats the start and is superko", "[ko][superko]") {
  const std::vector<std::pair<Color, Vertex>> cycle = {
      {Color::black, ko_b(0)}, {Color::white, ko_a(1)}, {Color::black, ko_b(2)},
      {Color::white, ko_a(0)}, {Color::black, ko_b(1)},
  };
  for (KoRule rule : {KoRule::positional, KoRule::situational}) {
    INFO(to_string(rule));
    Game game = game_from(triple_ko, Color::black, rule);
    const auto start = game.position_hash();
    for (const auto& [color, v] : cycle) CHECK(play_ok(game, color, v) == 1);
    CHECK(game.check(Color::white, ko_a(2)).error() == MoveError::superko);
    CHECK(play_error(game, Color::white, ko_a(2)) == MoveError::superko);
    CHECK(game.board().at(ko_b(2)) == Cell::black);
    CHECK(game.position_hash() != start);
  }
  Game simple = game_from(triple_ko, Color::black, KoRule::simple);
  for (const auto& [color, v] : cycle) play_ok(simple, color, v);
  CHECK(play_ok(simple, Color::white, ko_a(2)) == 1);
  CHECK(simple.board().hash() == game_from(triple_ko).board().hash());
}

TEST_CASE("eternal life: the throw-in that restores the position is superko", "[ko][superko]") {
  for (KoRule rule : {KoRule::positional, KoRule::situational}) {
    INFO(to_string(rule));
    Game game = game_from(eternal_life, Color::black, rule);
    CHECK(play_ok(game, Color::black, Vertex{0, 0}) == 0);  // sends two
    CHECK(game.board().liberties(Vertex{1, 0}) == 1);
    CHECK(play_ok(game, Color::white, Vertex{2, 0}) == 2);  // takes two
    CHECK(play_ok(game, Color::black, Vertex{1, 0}) == 2);  // takes two back
    CHECK(play_error(game, Color::white, Vertex{3, 0}) == MoveError::superko);
  }
  Game simple = game_from(eternal_life, Color::black, KoRule::simple);
  for (int round = 0; round < 3; ++round) {
    play_ok(simple, Color::black, Vertex{0, 0});
    play_ok(simple, Color::white, Vertex{2, 0});
    play_ok(simple, Color::black, Vertex{1, 0});
    play_ok(simple, Color::white, Vertex{3, 0});
    CHECK(simple.board().hash() == game_from(eternal_life).board().hash());
  }
  CHECK(simple.captures(Color::black) == 6);
  CHECK(simple.captures(Color::white) == 6);
}

TEST_CASE("sending two returning one: positional and situational superko differ", "[ko][superko]") {
  const Vertex send{0, 0};
  const Vertex take{2, 0};
  const Vertex retake{1, 0};

  Game positional = game_from(send_two_return_one, Color::black, KoRule::positional);
  play_ok(positional, Color::black, send);
  CHECK(play_ok(positional, Color::white, take) == 2);
  // Same stones as at the start: refused whoever is to move.
  CHECK(play_error(positional, Color::black, retake) == MoveError::superko);

  Game situational = game_from(send_two_return_one, Color::black, KoRule::situational);
  const auto start_board = situational.board().hash();
  play_ok(situational, Color::black, send);
  play_ok(situational, Color::white, take);
  // The stones repeat but White, not Black, is to move: a new situation.
  CHECK(play_ok(situational, Color::black, retake) == 1);
  CHECK(situational.board().hash() == start_board);
  REQUIRE(situational.pass(Color::white).has_value());
  // Black sending two again would repeat the situation after the first send
  // (same stones, White to move): now it is superko too.
  CHECK(play_error(situational, Color::black, send) == MoveError::superko);
  // Passing is always allowed; two in a row end play.
  REQUIRE(situational.pass(Color::black).has_value());
  CHECK(situational.phase() == Phase::scoring);

  Game simple = game_from(send_two_return_one, Color::black, KoRule::simple);
  play_ok(simple, Color::black, send);
  play_ok(simple, Color::white, take);
  play_ok(simple, Color::black, retake);
  REQUIRE(simple.pass(Color::white).has_value());
  CHECK(play_ok(simple, Color::black, send) == 0);
}

TEST_CASE("a board that recurs with the other side to move after a pass", "[ko][superko]") {
  // Two kos, the first held by White, the second by Black. Four captures and
  // one pass bring the stones back with White to move, where Black was to
  // move at the start.
  const std::vector<std::string> two_kos = {
      ".XO......", "XO.O.....", ".XO......", ".XO......", "X.XO.....",
      ".XO......", ".........", ".........", ".........",
  };
  auto prepare = [&](KoRule rule) {
    Game game = game_from(two_kos, Color::black, rule);
    play_ok(game, Color::black, ko_b(0));
    play_ok(game, Color::white, ko_a(1));
    REQUIRE(game.pass(Color::black).has_value());
    play_ok(game, Color::white, ko_a(0));
    return game;
  };
  const auto start_board = game_from(two_kos).board().hash();

  Game positional = prepare(KoRule::positional);
  CHECK(play_error(positional, Color::black, ko_b(1)) == MoveError::superko);

  Game situational = prepare(KoRule::situational);
  CHECK(play_ok(situational, Color::black, ko_b(1)) == 1);
  CHECK(situational.board().hash() == start_board);
  CHECK(situational.to_move() == Color::white);
  // After White's pass, Black taking the first ko again would give the
  // stones and turn seen after the first move: refused.
  REQUIRE(situational.pass(Color::white).has_value());
  CHECK(play_error(situational, Color::black, ko_b(0)) == MoveError::superko);
}
