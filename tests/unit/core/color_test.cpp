#include <catch2/catch.hpp>

#include "core/color.hpp"

using namespace yunzi;

TEST_CASE("a colour is written as its letter and read back", "[core][color]") {
  CHECK(to_letter(Color::black) == 'B');
  CHECK(to_letter(Color::white) == 'W');
  CHECK(parse_color_letter('B') == Color::black);
  CHECK(parse_color_letter('W') == Color::white);
  for (const Color c : {Color::black, Color::white}) CHECK(parse_color_letter(to_letter(c)) == c);
  static_assert(to_letter(Color::black) == 'B');
  static_assert(parse_color_letter('W') == Color::white);
}

TEST_CASE("only the upper-case letters B and W are colours", "[core][color]") {
  for (const char bad : {'b', 'w', 'X', 'O', '+', ' ', '\0'}) {
    INFO(static_cast<int>(bad));
    CHECK_FALSE(parse_color_letter(bad).has_value());
  }
}
