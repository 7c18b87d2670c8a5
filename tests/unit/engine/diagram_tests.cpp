#include <catch2/catch.hpp>

#include "engine/diagram.hpp"
#include "positions.hpp"

using namespace yunzi::engine;
using namespace yunzi::engine::test;

namespace {

std::size_t count_of(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
  return n;
}

Game small_game() {
  GameSetup setup;
  setup.size = 9;
  auto game = Game::create(setup);
  REQUIRE(game.has_value());
  // Black captures White's A8 with A9; after a pass the last move is E8.
  for (const char* move : {"B8", "A8", "A7", "J1", "A9"}) {
    const Color color = game->to_move();
    REQUIRE(game->play(color, *parse_gtp(move, 9)).has_value());
  }
  REQUIRE(game->pass(Color::white).has_value());
  REQUIRE(game->play(Color::black, *parse_gtp("E8", 9)).has_value());
  return std::move(game).value();
}

}  // namespace

TEST_CASE("text diagram shows coordinates, stones, last move and captures", "[diagram]") {
  const std::string text = text_diagram(small_game());
  INFO(text);
  CHECK(text.rfind("   A B C D E F G H J\n", 0) == 0);
  CHECK(count_of(text, "   A B C D E F G H J\n") == 2);
  CHECK(text.find(" 9 X . . . . . . . . 9\n") != std::string::npos);
  CHECK(text.find(" 8 . X . .(X). . . . 8\n") != std::string::npos);
  CHECK(text.find(" 7 X . + . . . + . . 7\n") != std::string::npos);
  CHECK(text.find(" 1 . . . . . . . . O 1\n") != std::string::npos);
  CHECK(text.find("Last move: black E8") != std::string::npos);
  CHECK(text.find("Captures: black 1, white 0") != std::string::npos);
}

TEST_CASE("text diagram marks a last move on the right edge and two-digit rows", "[diagram]") {
  Board board(19);
  board.play(Color::white, *parse_gtp("T19", 19));
  const std::string text = text_diagram(board, DiagramInfo{*parse_gtp("T19", 19), 0, 3});
  INFO(text);
  CHECK(text.find("19 . . . . . . . . . . . . . . . . . .(O)19\n") != std::string::npos);
  CHECK(text.find(" 4 . . . + . . . . . + . . . . . + . . . 4\n") != std::string::npos);
  CHECK(text.find("Captures: black 0, white 3") != std::string::npos);
}

TEST_CASE("SVG picture holds the board, grid, stars, coordinates, stones and marker", "[diagram]") {
  const Game game = small_game();
  const std::string svg = svg_diagram(game, 450);
  CHECK(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"450.0\"", 0) == 0);
  CHECK(svg.find("</svg>") != std::string::npos);
  CHECK(count_of(svg, "<line ") == 18);
  CHECK(count_of(svg, "class=\"black\"") == static_cast<std::size_t>(game.board().stone_count(Color::black)));
  CHECK(count_of(svg, "class=\"white\"") == 1);
  CHECK(count_of(svg, "class=\"last-move\"") == 1);
  CHECK(count_of(svg, ">J</text>") == 2);
  CHECK(count_of(svg, ">9</text>") == 2);
  CHECK(svg.find("class=\"board\"") != std::string::npos);
  const auto stars = svg.substr(svg.find("class=\"star-points\""));
  CHECK(count_of(stars.substr(0, stars.find("</g>")), "<circle") == 5);

  const std::string empty = svg_diagram(Board(19));
  CHECK(count_of(empty, "<line ") == 38);
  CHECK(count_of(empty, "last-move") == 0);
  CHECK(count_of(empty, ">T</text>") == 2);
}

TEST_CASE("star points follow the board size", "[diagram]") {
  CHECK(star_points(19).size() == 9);
  CHECK(star_points(13).size() == 5);
  CHECK(star_points(9).size() == 5);
  CHECK(star_points(8).size() == 4);
  CHECK(star_points(5) == std::vector<Vertex>{{2, 2}});
  CHECK(star_points(4).empty());
}
