#include <catch2/catch.hpp>

#include "engine/diagram.hpp"
#include "positions.hpp"

using namespace yunzi;
using namespace yunzi::engine;
using namespace yunzi::engine::test;

namespace {

// Everything a client or the superko check could observe about a game.
struct Snapshot {
  std::uint64_t position_hash;
  std::string picture;
  int black_captures;
  int white_captures;
  Color to_move;
  Phase phase;
  std::size_t moves;
  bool ko_retake_legal;
  friend bool operator==(const Snapshot&, const Snapshot&) = default;
};

Snapshot snapshot(const Game& game, Vertex ko_point) {
  return Snapshot{game.position_hash(),
                  text_diagram(game.board()),
                  game.captures(Color::black),
                  game.captures(Color::white),
                  game.to_move(),
                  game.phase(),
                  game.moves().size(),
                  game.is_legal(game.to_move(), ko_point)};
}

}  // namespace

TEST_CASE("undo restores board, hash, captures, turn and ko state exactly", "[game][undo]") {
  Game game = corner_ko();
  const Vertex ko_point{1, 1};
  std::vector<Snapshot> history{snapshot(game, ko_point)};
  auto step = [&](auto action) {
    action();
    history.push_back(snapshot(game, ko_point));
  };
  step([&] { play_ok(game, Color::black, Vertex{2, 1}); });  // takes the ko
  step([&] { REQUIRE(game.pass(Color::white).has_value()); });
  step([&] { play_ok(game, Color::black, Vertex{4, 4}); });
  step([&] { play_ok(game, Color::white, Vertex{1, 1}); });  // retakes
  step([&] { REQUIRE(game.pass(Color::black).has_value()); });
  step([&] { REQUIRE(game.pass(Color::white).has_value()); });
  REQUIRE(game.phase() == Phase::scoring);
  step([&] { REQUIRE(game.resume_play()); });
  step([&] { play_ok(game, Color::black, Vertex{3, 4}); });

  // Undo walks back through every earlier state; a resume goes with the
  // move it preceded, so the scoring state just before it is skipped.
  std::vector<std::size_t> expected_order = {7, 5, 4, 3, 2, 1, 0};
  for (std::size_t expected : expected_order) {
    REQUIRE(game.undo());
    INFO("back to state " << expected);
    CHECK(snapshot(game, ko_point) == history[expected]);
    CHECK(game.board().is_consistent());
  }
  CHECK_FALSE(game.undo());
}

TEST_CASE("after_moves gives the game as it stood after any move, also once it has ended", "[game][after_moves]") {
  Game game = corner_ko();
  const Vertex ko_point{1, 1};
  // states[n]: the game after n moves.
  std::vector<Snapshot> states{snapshot(game, ko_point)};
  play_ok(game, Color::black, Vertex{2, 1});  // takes the ko
  states.push_back(snapshot(game, ko_point));
  REQUIRE(game.pass(Color::white).has_value());
  states.push_back(snapshot(game, ko_point));
  play_ok(game, Color::black, Vertex{4, 4});
  states.push_back(snapshot(game, ko_point));
  play_ok(game, Color::white, Vertex{1, 1});  // retakes
  states.push_back(snapshot(game, ko_point));
  REQUIRE(game.pass(Color::black).has_value());
  states.push_back(snapshot(game, ko_point));
  REQUIRE(game.pass(Color::white).has_value());
  REQUIRE(game.resume_play());  // play resumed after move 6: that is how the game stood then
  states.push_back(snapshot(game, ko_point));
  play_ok(game, Color::black, Vertex{3, 4});
  states.push_back(snapshot(game, ko_point));
  REQUIRE(game.resign(Color::white).has_value());

  for (std::size_t n = 0; n < states.size(); ++n) {
    INFO("after " << n << " moves");
    const Game earlier = game.after_moves(n);
    CHECK(snapshot(earlier, ko_point) == states[n]);
    CHECK(earlier.board().is_consistent());
    CHECK_FALSE(earlier.result());
  }
  CHECK(snapshot(game.after_moves(99), ko_point) == states.back());
  CHECK(game.phase() == Phase::ended);
  CHECK(game.moves().size() == 7);
}

TEST_CASE("undo of the second pass returns to play", "[game][undo]") {
  GameSetup setup;
  setup.size = 9;
  auto game = Game::create(setup);
  REQUIRE(game.has_value());
  REQUIRE(game->pass(Color::black).has_value());
  REQUIRE(game->pass(Color::white).has_value());
  REQUIRE(game->phase() == Phase::scoring);
  REQUIRE(game->undo());
  CHECK(game->phase() == Phase::play);
  CHECK(game->to_move() == Color::white);
  // The remaining pass still counts: one more pass ends play again.
  REQUIRE(game->pass(Color::white).has_value());
  CHECK(game->phase() == Phase::scoring);
}

TEST_CASE("a superko refusal is lifted by undoing the moves that caused it", "[game][undo][superko]") {
  Game game = game_from({
      ".X.OX..",
      "OOXX...",
      ".......",
      ".......",
      ".......",
      ".......",
      ".......",
  });
  play_ok(game, Color::black, Vertex{0, 0});
  play_ok(game, Color::white, Vertex{2, 0});
  play_ok(game, Color::black, Vertex{1, 0});
  REQUIRE(play_error(game, Color::white, Vertex{3, 0}) == MoveError::superko);
  REQUIRE(game.undo());
  REQUIRE(game.undo());
  // The position history no longer holds the positions of the undone moves.
  CHECK(game.to_move() == Color::white);
  CHECK(game.captures(Color::white) == 0);
  play_ok(game, Color::white, Vertex{2, 0});
  play_ok(game, Color::black, Vertex{1, 0});
  CHECK(game.captures(Color::black) == 2);
}

TEST_CASE("rewind to a mark undoes later moves, resumes, undos and the end", "[game][undo][mark]") {
  Game game = corner_ko();
  const Vertex ko_point{1, 1};
  play_ok(game, Color::black, Vertex{2, 1});  // takes the ko
  play_ok(game, Color::white, Vertex{4, 4});
  const Snapshot before = snapshot(game, ko_point);
  const GameMark mark = game.mark(2);
  CHECK(mark.tail.size() == 2);

  SECTION("moves, passes into scoring, a resume and a resignation") {
    REQUIRE(game.pass(Color::black).has_value());
    REQUIRE(game.pass(Color::white).has_value());
    REQUIRE(game.resume_play());
    play_ok(game, Color::black, Vertex{3, 4});
    REQUIRE(game.resign(Color::white).has_value());
  }
  SECTION("the last two moves undone") {
    REQUIRE(game.undo());
    REQUIRE(game.undo());
    play_ok(game, Color::black, Vertex{0, 4});
  }
  game.rewind(mark);
  CHECK(snapshot(game, ko_point) == before);
  CHECK_FALSE(game.result().has_value());
  CHECK(game.board().is_consistent());
  // Play goes on from there, the superko history included.
  play_ok(game, Color::black, Vertex{3, 3});
  CHECK(game.moves().size() == 3);
}

TEST_CASE("rewind keeps a resume and a result the mark saw", "[game][undo][mark]") {
  GameSetup setup;
  setup.size = 9;
  auto game = Game::create(setup).value();
  REQUIRE(game.pass(Color::black).has_value());
  REQUIRE(game.pass(Color::white).has_value());
  REQUIRE(game.resume_play());
  const GameMark in_play = game.mark(1);
  play_ok(game, Color::black, Vertex{4, 4});
  game.rewind(in_play);
  CHECK(game.phase() == Phase::play);
  CHECK(game.to_move() == Color::black);
  CHECK(game.moves().size() == 2);

  REQUIRE(game.finish(yunzi::counted_result(3.5)).has_value());
  const GameMark ended = game.mark(2);
  game.rewind(ended);
  CHECK(game.phase() == Phase::ended);
  REQUIRE(game.result());
  CHECK(yunzi::to_sgf(*game.result()) == "B+3.5");
}
