// Builds test positions from pictures: one string per row from the top,
// 'X' Black, 'O' White, '.' empty; the board is as large as there are rows.
#pragma once

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "engine/game.hpp"

namespace yunzi::engine::test {

inline GameSetup setup_from(const std::vector<std::string>& rows, Color first = Color::black,
                            KoRule rule = KoRule::situational) {
  GameSetup setup;
  setup.size = static_cast<int>(rows.size());
  setup.komi = 0;
  setup.ko_rule = rule;
  setup.first_player = first;
  for (int y = 0; y < setup.size; ++y) {
    for (int x = 0; x < static_cast<int>(rows[static_cast<std::size_t>(y)].size()); ++x) {
      const char c = rows[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)];
      if (c == 'X') setup.setup_stones.push_back({Vertex{x, y}, Color::black});
      if (c == 'O') setup.setup_stones.push_back({Vertex{x, y}, Color::white});
    }
  }
  return setup;
}

inline Game game_from(const std::vector<std::string>& rows, Color first = Color::black,
                      KoRule rule = KoRule::situational) {
  auto game = Game::create(setup_from(rows, first, rule));
  REQUIRE(game.has_value());
  return std::move(game).value();
}

inline Board board_from(const std::vector<std::string>& rows) { return game_from(rows).board(); }

// A ko in the corner: Black at C2 (Vertex{2, 1}) takes, and White's retake at
// B2 (Vertex{1, 1}) is then refused.
inline Game corner_ko() {
  return game_from({
      ".XO..",
      "XO.O.",
      ".XO..",
      ".....",
      ".....",
  });
}

// Plays a move that must be legal and returns how many stones it took.
inline std::size_t play_ok(Game& game, Color color, Vertex v) {
  auto played = game.play(color, v);
  INFO("move " << to_string(color) << " " << to_gtp(v, game.board().size())
               << " refused: " << (played ? "" : to_string(played.error())));
  REQUIRE(played.has_value());
  return played->size();
}

inline MoveError play_error(Game& game, Color color, Vertex v) {
  auto played = game.play(color, v);
  REQUIRE_FALSE(played.has_value());
  return played.error();
}

}  // namespace yunzi::engine::test
