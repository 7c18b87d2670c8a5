#include <catch2/catch.hpp>

#include "db/records.hpp"
#include "server/app/http_routes.hpp"

using namespace yunzi;
using app::parse_game_path;

TEST_CASE("game paths name an id and a format") {
  auto sgf = parse_game_path("/games/42.sgf");
  REQUIRE(sgf);
  CHECK(sgf->id == 42);
  CHECK(sgf->format == "sgf");
  auto txt = parse_game_path("/games/7.txt");
  REQUIRE(txt);
  CHECK(txt->format == "txt");

  for (const char* bad : {"/games/42", "/games/.sgf", "/games/42.png", "/games/-1.sgf", "/games/0.sgf",
                          "/games/007.sgf", "/games/4x2.sgf", "/games/99999999999999999999999.sgf", "/game/42.sgf",
                          "/games/42.sgf/x"}) {
    INFO(bad);
    CHECK_FALSE(parse_game_path(bad));
  }
}

TEST_CASE("the diagram replays the stored moves, passes and a resumed scoring") {
  db::GameWithMoves stored;
  stored.game.id = 3;
  stored.game.size = 9;
  stored.game.komi = 7.5;
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
  move(engine::Color::black, std::nullopt);  // two passes: scoring
  move(engine::Color::white, engine::parse_gtp("C3", 9));  // play resumed
  auto diagram = app::game_diagram(stored);
  REQUIRE(diagram);
  CHECK_THAT(*diagram, Catch::StartsWith("alice (B) vs bob (W), move 4"));
  CHECK(diagram->find('X') != std::string::npos);
  CHECK(diagram->find('O') != std::string::npos);

  move(engine::Color::black, engine::parse_gtp("C3", 9));  // occupied: the record is damaged
  auto broken = app::game_diagram(stored);
  REQUIRE_FALSE(broken);
  CHECK_THAT(broken.error(), Catch::Contains("move 5"));
}
