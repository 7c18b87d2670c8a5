#include <catch2/catch.hpp>

#include "engine/handicap.hpp"
#include "positions.hpp"

using namespace yunzi;
using namespace yunzi::engine;
using namespace yunzi::engine::test;

namespace {

Game new_game(int size = 9, KoRule rule = KoRule::situational) {
  GameSetup setup;
  setup.size = size;
  setup.ko_rule = rule;
  auto game = Game::create(setup);
  REQUIRE(game.has_value());
  return std::move(game).value();
}

}  // namespace

TEST_CASE("black moves first and turns alternate", "[game]") {
  Game game = new_game();
  CHECK(game.to_move() == Color::black);
  CHECK(game.phase() == Phase::play);
  CHECK(play_error(game, Color::white, Vertex{2, 2}) == MoveError::wrong_color);
  play_ok(game, Color::black, Vertex{2, 2});
  CHECK(game.to_move() == Color::white);
  CHECK(play_error(game, Color::white, Vertex{2, 2}) == MoveError::occupied);
  CHECK(play_error(game, Color::white, Vertex{9, 2}) == MoveError::off_board);
  CHECK(game.moves().size() == 1);
  CHECK(game.last_move() == Move{Color::black, Vertex{2, 2}});
}

TEST_CASE("two passes open scoring; play is then refused", "[game][phase]") {
  Game game = new_game();
  play_ok(game, Color::black, Vertex{4, 4});
  REQUIRE(game.pass(Color::white).has_value());
  CHECK(game.phase() == Phase::play);
  play_ok(game, Color::black, Vertex{3, 3});
  REQUIRE(game.pass(Color::white).has_value());
  REQUIRE(game.pass(Color::black).has_value());
  CHECK(game.phase() == Phase::scoring);
  CHECK(play_error(game, Color::white, Vertex{0, 0}) == MoveError::game_over);
  CHECK(game.pass(Color::white).error() == MoveError::game_over);
  CHECK(game.moves().size() == 5);
  CHECK(game.last_move()->is_pass());
}

TEST_CASE("resume_play gives the move to the opponent of the last passer", "[game][phase]") {
  Game game = new_game();
  CHECK_FALSE(game.resume_play());
  play_ok(game, Color::black, Vertex{4, 4});
  REQUIRE(game.pass(Color::white).has_value());
  REQUIRE(game.pass(Color::black).has_value());
  REQUIRE(game.resume_play());
  CHECK(game.phase() == Phase::play);
  CHECK(game.to_move() == Color::white);
  // One pass after resuming does not end play again.
  REQUIRE(game.pass(Color::white).has_value());
  CHECK(game.phase() == Phase::play);
  play_ok(game, Color::black, Vertex{5, 5});
  REQUIRE(game.pass(Color::white).has_value());
  REQUIRE(game.pass(Color::black).has_value());
  CHECK(game.phase() == Phase::scoring);
}

TEST_CASE("either player may resign in play or in scoring, once", "[game][phase]") {
  Game in_play = new_game();
  play_ok(in_play, Color::black, Vertex{4, 4});
  // Resigning is allowed out of turn.
  REQUIRE(in_play.resign(Color::black).has_value());
  CHECK(in_play.phase() == Phase::ended);
  CHECK(in_play.result() == yunzi::win_by(Color::white, yunzi::EndReason::resignation));
  CHECK(yunzi::to_sgf(*in_play.result()) == "W+R");
  CHECK(in_play.resign(Color::white).error() == MoveError::game_over);
  CHECK(play_error(in_play, Color::white, Vertex{0, 0}) == MoveError::game_over);
  CHECK_FALSE(in_play.undo());

  Game in_scoring = new_game();
  REQUIRE(in_scoring.pass(Color::black).has_value());
  REQUIRE(in_scoring.pass(Color::white).has_value());
  REQUIRE(in_scoring.resign(Color::white).has_value());
  CHECK(in_scoring.result() == yunzi::win_by(Color::black, yunzi::EndReason::resignation));
  CHECK(yunzi::to_sgf(*in_scoring.result()) == "B+R");
  CHECK_FALSE(in_scoring.resume_play());
}

TEST_CASE("finish records a result decided elsewhere", "[game][phase]") {
  Game game = new_game();
  CHECK_FALSE(game.result().has_value());
  REQUIRE(game.finish(yunzi::win_by(Color::black, yunzi::EndReason::time)).has_value());
  CHECK(game.phase() == Phase::ended);
  CHECK(yunzi::to_sgf(*game.result()) == "B+T");
  CHECK(game.finish(yunzi::win_by(Color::white, yunzi::EndReason::forfeit)).error() == MoveError::game_over);
}

TEST_CASE("check tells legality without changing anything", "[game]") {
  Game game = corner_ko();
  play_ok(game, Color::black, Vertex{2, 1});
  const auto hash = game.position_hash();
  const auto board_hash = game.board().hash();
  int legal = 0;
  for (int y = -1; y <= 5; ++y) {
    for (int x = -1; x <= 5; ++x) {
      if (game.is_legal(Color::white, Vertex{x, y})) ++legal;
      (void)game.check(Color::black, Vertex{x, y});
    }
  }
  CHECK(legal == 18 - 2);  // 18 empty points less the ko point and the suicide at (0,0)
  CHECK(game.position_hash() == hash);
  CHECK(game.board().hash() == board_hash);
  CHECK(game.moves().size() == 1);
  CHECK(game.to_move() == Color::white);
  CHECK(game.board().is_consistent());
}

TEST_CASE("a handicap game starts with the stones and White to move", "[game][handicap]") {
  GameSetup setup;
  setup.size = 19;
  setup.handicap = 4;
  setup.komi = 0.5;
  auto game = Game::create(setup);
  REQUIRE(game.has_value());
  CHECK(game->to_move() == Color::white);
  CHECK(game->board().stone_count(Color::black) == 4);
  CHECK(game->start_stones().size() == 4);
  CHECK(game->board().at(*parse_gtp("Q16", 19)) == Cell::black);
  CHECK(game->board().at(*parse_gtp("D4", 19)) == Cell::black);
  CHECK(game->moves().empty());
  CHECK(play_error(*game, Color::black, *parse_gtp("K10", 19)) == MoveError::wrong_color);
  CHECK(play_error(*game, Color::white, *parse_gtp("D16", 19)) == MoveError::occupied);

  setup.handicap = 1;  // 让先: Black first, no stones
  auto one = Game::create(setup);
  REQUIRE(one.has_value());
  CHECK(one->to_move() == Color::black);
  CHECK(one->board().stone_count(Color::black) == 0);
}

TEST_CASE("setup stones with an explicit first player", "[game][setup]") {
  GameSetup setup;
  setup.size = 9;
  setup.setup_stones = {{Vertex{2, 2}, Color::black}, {Vertex{6, 6}, Color::white}};
  setup.first_player = Color::white;
  auto game = Game::create(setup);
  REQUIRE(game.has_value());
  CHECK(game->to_move() == Color::white);
  CHECK(game->board().at(Vertex{2, 2}) == Cell::black);
  CHECK(game->board().at(Vertex{6, 6}) == Cell::white);
}

TEST_CASE("impossible setups are refused with a reason", "[game][setup]") {
  GameSetup setup;
  setup.size = 1;
  CHECK(Game::create(setup).error() == SetupError::bad_size);
  setup.size = 26;
  CHECK(Game::create(setup).error() == SetupError::bad_size);
  setup.size = 6;
  setup.handicap = 2;
  CHECK(Game::create(setup).error() == SetupError::bad_handicap);
  setup.size = 19;
  setup.handicap = 10;
  CHECK(Game::create(setup).error() == SetupError::bad_handicap);
  setup.handicap = 2;
  setup.setup_stones = {{*parse_gtp("D4", 19), Color::white}};  // already a handicap stone
  CHECK(Game::create(setup).error() == SetupError::bad_setup_stone);
  setup.handicap = 0;
  setup.setup_stones = {{Vertex{19, 0}, Color::white}};
  CHECK(Game::create(setup).error() == SetupError::bad_setup_stone);
  setup.setup_stones = {{Vertex{0, 0}, Color::white}, {Vertex{1, 0}, Color::black}, {Vertex{0, 1}, Color::black}};
  CHECK(Game::create(setup).error() == SetupError::chain_without_liberties);
  CHECK(describe(SetupError::chain_without_liberties).find("liberties") != std::string_view::npos);
}

TEST_CASE("without alternation either colour may move", "[game]") {
  GameSetup setup;
  setup.size = 9;
  setup.alternate = false;
  auto game = Game::create(setup);
  REQUIRE(game.has_value());
  play_ok(*game, Color::white, Vertex{1, 1});
  play_ok(*game, Color::white, Vertex{2, 2});
  play_ok(*game, Color::black, Vertex{3, 3});
  CHECK(game->to_move() == Color::white);
  CHECK(game->board().stone_count(Color::white) == 2);
}

TEST_CASE("move errors and phases have stable names", "[game]") {
  CHECK(to_string(MoveError::superko) == "superko");
  CHECK(to_string(Phase::scoring) == "scoring");
  CHECK(to_string(SetupError::bad_handicap) == "bad_handicap");
}

TEST_CASE("a move error's sentence does not repeat its reason token", "[game][errors]") {
  // The server sends "<token>: <sentence>", so a sentence that starts with
  // its own token reads "ko: ko: ...".
  for (MoveError error : {MoveError::off_board, MoveError::occupied, MoveError::suicide, MoveError::ko,
                          MoveError::superko, MoveError::wrong_color, MoveError::game_over}) {
    const std::string token(to_string(error));
    const std::string sentence(describe(error));
    INFO(token << ": " << sentence);
    CHECK(sentence.rfind(token, 0) != 0);
  }
}
