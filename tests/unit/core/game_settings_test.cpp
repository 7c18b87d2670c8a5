#include <catch2/catch.hpp>

#include "core/game_settings.hpp"

using namespace yunzi;

TEST_CASE("default settings are the contract's: 19x19 rated even, komi 7.5, nigiri, byo-yomi, superko",
          "[core][settings]") {
  const GameSettings s;
  CHECK(s.size == 19);
  CHECK(s.rated);
  CHECK(s.handicap == 0);
  CHECK(s.komi == default_komi_even);
  CHECK(s.color == ColorChoice::automatic);
  CHECK(s.time == TimeControl::byoyomi(1'200'000, 3, 30'000));
  CHECK(s.ko == KoRule::situational);
}

TEST_CASE("colour choices are spelled auto, black and white", "[core][settings]") {
  for (ColorChoice c : {ColorChoice::automatic, ColorChoice::black, ColorChoice::white}) {
    CHECK(parse_color_choice(to_string(c)) == c);
  }
  CHECK(to_string(ColorChoice::automatic) == "auto");
  CHECK_FALSE(parse_color_choice("nigiri").has_value());
  CHECK_FALSE(parse_color_choice("Black").has_value());
}

TEST_CASE("only 9, 13 and 19 are offered", "[core][settings]") {
  for (int size = 2; size <= 25; ++size) CHECK(is_offered_board_size(size) == (size == 9 || size == 13 || size == 19));
}
