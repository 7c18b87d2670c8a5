#include <catch2/catch.hpp>

#include "engine/diagram.hpp"
#include "positions.hpp"

using namespace yunzi;
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
  const std::string text = text_diagram(board, DiagramInfo{*parse_gtp("T19", 19), 0, 3, std::nullopt, {}});
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

TEST_CASE("diagram info numbers the last moves, passes included", "[diagram][numbers]") {
  const Game game = small_game();  // B8 A8 A7 J1 A9 (takes A8), pass, E8
  CHECK(diagram_info(game).numbered.empty());
  const DiagramInfo last_three = diagram_info(game, 3);
  REQUIRE(last_three.numbered.size() == 3);
  CHECK(last_three.numbered.front() == NumberedMove{5, Move{Color::black, parse_gtp("A9", 9)}});
  CHECK(last_three.numbered[1] == NumberedMove{6, Move{Color::white, std::nullopt}});
  CHECK(diagram_info(game, 1000).numbered.size() == 7);
  CHECK(diagram_info(game, 1000).numbered.front().number == 1);

  const Game at_pass = game.after_moves(6);
  const DiagramInfo passed = diagram_info(at_pass);
  CHECK_FALSE(passed.last_move);
  CHECK(passed.last_pass == Color::white);
  CHECK(text_diagram(at_pass.board(), passed).find("Last move: white pass\n") != std::string::npos);
}

TEST_CASE("numbers stay only on the stones their moves placed", "[diagram][numbers]") {
  // A ko: Black takes at C2 (move 1), White elsewhere (2), Black elsewhere
  // (3), White retakes at B2 (4), capturing Black's numbered C2 stone.
  Game game = corner_ko();
  play_ok(game, Color::black, Vertex{2, 1});
  play_ok(game, Color::white, Vertex{4, 4});
  play_ok(game, Color::black, Vertex{4, 3});
  play_ok(game, Color::white, Vertex{1, 1});
  const DiagramInfo all = diagram_info(game, 10);
  const std::vector<NumberedMove> shown = numbers_on_board(game.board(), all.numbered);
  std::vector<int> numbers;
  for (const NumberedMove& entry : shown) numbers.push_back(entry.number);
  CHECK(numbers == std::vector<int>{2, 3, 4});

  // One move each elsewhere (5, 6), then Black takes the ko back at C2 (7):
  // the point's number is the latest move's.
  play_ok(game, Color::black, Vertex{0, 4});
  play_ok(game, Color::white, Vertex{1, 4});
  play_ok(game, Color::black, Vertex{2, 1});
  const auto numbers_of = [&](std::size_t last_moves) {
    std::vector<int> out;
    for (const NumberedMove& entry : numbers_on_board(game.board(), diagram_info(game, last_moves).numbered)) {
      out.push_back(entry.number);
    }
    return out;
  };
  CHECK(numbers_of(10) == std::vector<int>{2, 3, 5, 6, 7});
  CHECK(numbers_of(2) == std::vector<int>{6, 7});
  CHECK(numbers_of(0).empty());
  const std::vector<NumberedMove> last = numbers_on_board(game.board(), diagram_info(game, 1).numbered);
  CHECK(last == std::vector<NumberedMove>{{7, Move{Color::black, Vertex{2, 1}}}});
}

TEST_CASE("the text diagram lists the numbered moves ten to a line", "[diagram][numbers]") {
  GameSetup setup;
  setup.size = 9;
  auto game = Game::create(setup);
  REQUIRE(game.has_value());
  for (const char* move : {"A1", "B1", "C1", "D1", "E1", "F1", "G1", "H1", "J1", "A2", "B2"}) {
    play_ok(*game, game->to_move(), *parse_gtp(move, 9));
  }
  REQUIRE(game->pass(Color::white).has_value());
  const std::string all = text_diagram(game->board(), diagram_info(*game, 100));
  INFO(all);
  CHECK(all.find("Moves 1-12:\n1 X A1, 2 O B1, 3 X C1, 4 O D1, 5 X E1, 6 O F1, 7 X G1, 8 O H1, 9 X J1, 10 O A2\n"
                 "11 X B2, 12 O pass\n") != std::string::npos);
  CHECK(all.find("Last move: white pass\n") != std::string::npos);
  const std::string none = text_diagram(*game);
  CHECK(none.find("Moves") == std::string::npos);
}

TEST_CASE("the SVG writes move numbers on the stones, the last one in place of the ring", "[diagram][numbers]") {
  const Game game = small_game();  // B8 A8 A7 J1 A9 (takes A8), pass, E8
  const std::string svg = svg_diagram(game.board(), diagram_info(game, 3));
  INFO(svg);
  // Of moves 5-7 the stones of A9 (5) and E8 (7) are on the board.
  CHECK(count_of(svg, "<text class=\"move-number") == 2);
  CHECK(count_of(svg, "class=\"move-number last-move\"") == 1);
  CHECK(count_of(svg, "fill=\"#fff\">5</text>") == 1);
  CHECK(count_of(svg, "fill=\"#d01010\">7</text>") == 1);
  CHECK(count_of(svg, "<circle class=\"last-move\"") == 0);

  const std::string plain = svg_diagram(game.board(), diagram_info(game));
  CHECK(count_of(plain, "move-number") == 0);
  CHECK(count_of(plain, "<circle class=\"last-move\"") == 1);
}
