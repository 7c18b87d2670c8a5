#include <catch2/catch.hpp>

#include "db/records.hpp"
#include "server/http/game_records.hpp"

using namespace yunzi;
using http::DiagramRequest;
using http::parse_diagram_query;
using http::parse_game_path;

namespace {

std::size_t count_of(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
  return n;
}

// A 9x9 game of `moves` ("pass" for a pass), Black first.
db::GameWithMoves stored_game(const std::vector<std::string>& moves) {
  db::GameWithMoves stored;
  stored.game.id = 3;
  stored.game.settings.size = 9;
  stored.game.settings.komi = 7.5;
  stored.game.black_name = "alice";
  stored.game.white_name = "bob";
  for (const std::string& text : moves) {
    db::MoveRecord record;
    record.number = static_cast<int>(stored.moves.size()) + 1;
    const auto color = stored.moves.size() % 2 == 0 ? engine::Color::black : engine::Color::white;
    record.move = engine::Move{color, text == "pass" ? std::nullopt : engine::parse_gtp(text, 9)};
    stored.moves.push_back(record);
  }
  return stored;
}

}  // namespace

TEST_CASE("game paths name an id and a format") {
  auto sgf = parse_game_path("/games/42.sgf");
  REQUIRE(sgf);
  CHECK(sgf->id == 42);
  CHECK(sgf->format == "sgf");
  auto txt = parse_game_path("/games/7.txt");
  REQUIRE(txt);
  CHECK(txt->format == "txt");
  auto svg = parse_game_path("/games/7.svg");
  REQUIRE(svg);
  CHECK(svg->format == "svg");

  for (const char* bad : {"/games/42", "/games/.sgf", "/games/42.png", "/games/-1.sgf", "/games/0.sgf",
                          "/games/007.sgf", "/games/4x2.sgf", "/games/99999999999999999999999.sgf", "/game/42.sgf",
                          "/games/42.sgf/x", "/games/42.SVG", "/games/42.svg.txt"}) {
    INFO(bad);
    CHECK_FALSE(parse_game_path(bad));
  }
}

TEST_CASE("the diagram replays the stored moves, passes and a resumed scoring") {
  db::GameWithMoves stored;
  stored.game.id = 3;
  stored.game.settings.size = 9;
  stored.game.settings.komi = 7.5;
  stored.game.black_name = "alice";
  stored.game.white_name = "bob";
  auto move = [&](engine::Color color, std::optional<engine::Vertex> vertex) {
    db::MoveRecord record;
    record.number = static_cast<int>(stored.moves.size()) + 1;
    record.move = engine::Move{color, vertex};
    stored.moves.push_back(record);
  };
  move(engine::Color::black, engine::parse_gtp("E5", 9));
  move(engine::Color::white, std::nullopt);
  move(engine::Color::black, std::nullopt);                // two passes: scoring
  move(engine::Color::white, engine::parse_gtp("C3", 9));  // play resumed
  auto diagram = http::game_diagram(stored);
  REQUIRE(diagram);
  CHECK_THAT(*diagram, Catch::StartsWith("alice (B) vs bob (W), move 4 of 4\n"));
  CHECK(diagram->find('X') != std::string::npos);
  CHECK(diagram->find('O') != std::string::npos);

  move(engine::Color::black, engine::parse_gtp("C3", 9));  // occupied: the record is damaged
  auto broken = http::game_diagram(stored);
  REQUIRE_FALSE(broken);
  CHECK_THAT(broken.error(), Catch::Contains("move 5"));
}

TEST_CASE("the diagram query names a move and how many moves are numbered") {
  auto none = parse_diagram_query("");
  REQUIRE(none);
  CHECK_FALSE(none->move);
  CHECK(none->numbered_moves == 0);

  auto both = parse_diagram_query("move=12&numbers=5");
  REQUIRE(both);
  CHECK(both->move == 12u);
  CHECK(both->numbered_moves == 5);
  auto all = parse_diagram_query("numbers=all&move=0");
  REQUIRE(all);
  CHECK(all->move == 0u);
  CHECK(all->numbered_moves == DiagramRequest::all_moves);
  auto others = parse_diagram_query("t=123&&lang=zh");
  REQUIRE(others);
  CHECK_FALSE(others->move);

  for (const char* bad :
       {"move=", "move", "move=-1", "move=+1", "move=1.5", "move=abc", "move=1&move=2", "move=99999999999999999999999",
        "move=%31", "numbers=", "numbers=-2", "numbers=ALL", "numbers=1&numbers=all"}) {
    INFO(bad);
    auto parsed = parse_diagram_query(bad);
    REQUIRE_FALSE(parsed);
    CHECK_THAT(parsed.error(), Catch::Contains("move") || Catch::Contains("numbers"));
  }
  auto long_value = parse_diagram_query("move=" + std::string(500, 'x'));
  REQUIRE_FALSE(long_value);
  CHECK(long_value.error().size() < 150);
}

TEST_CASE("the diagram and the picture show the position at the move asked for") {
  // White's B9 is captured by Black's C9 at move 5.
  const db::GameWithMoves stored = stored_game({"A9", "B9", "B8", "pass", "C9", "E5"});
  auto at_four = http::game_diagram(stored, DiagramRequest{4, 0});
  REQUIRE(at_four);
  INFO(*at_four);
  CHECK_THAT(*at_four, Catch::StartsWith("alice (B) vs bob (W), move 4 of 6\n"));
  CHECK(at_four->find(" 9 X O . . . . . . . 9\n") != std::string::npos);
  CHECK(at_four->find("Last move: white pass\n") != std::string::npos);
  CHECK(at_four->find("Captures: black 0, white 0\n") != std::string::npos);

  auto at_five = http::game_diagram(stored, DiagramRequest{5, 0});
  REQUIRE(at_five);
  CHECK(at_five->find(" 9 X .(X). . . . . . 9\n") != std::string::npos);
  CHECK(at_five->find("Captures: black 1, white 0\n") != std::string::npos);

  auto start = http::game_diagram(stored, DiagramRequest{0, 0});
  REQUIRE(start);
  CHECK(start->find('X') == std::string::npos);
  CHECK(start->find("Last move") == std::string::npos);

  auto numbered = http::game_diagram(stored, DiagramRequest{std::nullopt, 3});
  REQUIRE(numbered);
  CHECK(numbered->find("Moves 4-6:\n4 O pass, 5 X C9, 6 O E5\n") != std::string::npos);

  auto picture = http::game_picture(stored, DiagramRequest{5, DiagramRequest::all_moves});
  REQUIRE(picture);
  CHECK_THAT(*picture, Catch::StartsWith("<svg "));
  // A9, B8 and C9 are Black's stones on the board; White's B9 was captured.
  CHECK(picture->find("class=\"white\"") == std::string::npos);
  CHECK(count_of(*picture, "<text class=\"move-number") == 3);
  CHECK(count_of(*picture, "fill=\"#fff\">1</text>") == 1);
  CHECK(count_of(*picture, "fill=\"#fff\">3</text>") == 1);
  CHECK(count_of(*picture, "class=\"move-number last-move\"") == 1);
  CHECK(count_of(*picture, ">5</text>") == 3);  // two coordinates and the last move
  CHECK(count_of(*picture, "<circle class=\"last-move\"") == 0);
}
