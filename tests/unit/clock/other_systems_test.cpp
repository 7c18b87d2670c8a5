#include <catch2/catch.hpp>

#include "server/clock/game_clock.hpp"

using namespace yunzi;
using namespace yunzi::clock;
using yunzi::engine::Color;

TEST_CASE("Fischer: each move earns the increment, up to the cap", "[clock][fischer]") {
  GameClock clock(TimeControl::fischer(10'000, 2'000, 15'000));
  clock.start(Color::black, 0);
  clock.on_move(Color::black, 3'000);  // 10 - 3 + 2
  CHECK(clock.snapshot(3'000).black.main_ms == 9'000);
  clock.on_move(Color::white, 3'500);  // 10 - 0.5 + 2
  CHECK(clock.snapshot(3'500).white.main_ms == 11'500);
  clock.on_move(Color::black, 3'500);
  clock.on_move(Color::white, 3'500);
  clock.on_move(Color::black, 3'500);
  clock.on_move(Color::white, 3'500);
  CHECK(clock.snapshot(3'500).black.main_ms == 13'000);
  CHECK(clock.snapshot(3'500).white.main_ms == 15'000);  // 15.5 capped
  clock.on_move(Color::black, 3'500);
  clock.on_move(Color::white, 3'500);
  CHECK(clock.snapshot(3'500).black.main_ms == 15'000);
}

TEST_CASE("Fischer: no cap when max is 0", "[clock][fischer]") {
  GameClock clock(TimeControl::fischer(1'000, 5'000, 0));
  clock.start(Color::black, 0);
  for (int i = 0; i < 10; ++i) clock.on_move(i % 2 == 0 ? Color::black : Color::white, 0);
  CHECK(clock.snapshot(0).black.main_ms == 26'000);
}

TEST_CASE("Fischer: flags when the main time reaches zero, increment or not", "[clock][fischer]") {
  GameClock clock(TimeControl::fischer(10'000, 2'000, 0));
  clock.start(Color::black, 100);
  CHECK(clock.flag_time() == 10'100);
  auto late = clock;
  CHECK_FALSE(clock.on_move(Color::black, 10'099).has_value());
  CHECK(clock.snapshot(10'099).black.main_ms == 2'001);
  CHECK(late.on_move(Color::black, 10'100) == Flag{Color::black, 10'100});
}

TEST_CASE("Canadian: stones in main time do not count, the last stone renews the period", "[clock][canadian]") {
  GameClock clock(TimeControl::canadian(10'000, 3, 20'000));
  clock.start(Color::black, 0);
  std::int64_t now = 0;
  const auto black_moves_after = [&](std::int64_t think) {
    now += think;
    REQUIRE_FALSE(clock.on_move(Color::black, now).has_value());
    clock.on_move(Color::white, now);  // white answers at once
    return clock.snapshot(now).black;
  };
  CHECK(black_moves_after(4'000) == SideTime{6'000, 0, 20'000, 3});
  CHECK(black_moves_after(6'000) == SideTime{0, 0, 20'000, 2});  // main ran out at the move: first stone
  CHECK(black_moves_after(7'000) == SideTime{0, 0, 13'000, 1});
  CHECK(black_moves_after(12'999) == SideTime{0, 0, 20'000, 3});  // third stone with 1 ms left: new period
  CHECK(black_moves_after(19'999) == SideTime{0, 0, 1, 2});
}

TEST_CASE("Canadian: the period running out before its stones flags", "[clock][canadian]") {
  GameClock clock(TimeControl::canadian(10'000, 3, 20'000));
  clock.start(Color::black, 0);
  clock.on_move(Color::black, 15'000);  // 5 s into the period, 2 stones to go
  clock.on_move(Color::white, 15'000);
  REQUIRE(clock.flag_time() == 30'000);
  CHECK_FALSE(clock.is_flagged(29'999));
  CHECK(clock.is_flagged(30'000));
  CHECK(clock.on_move(Color::black, 30'000) == Flag{Color::black, 30'000});
  CHECK(clock.flagged() == Color::black);
}

TEST_CASE("absolute: one allotment, flags at its end", "[clock][absolute]") {
  GameClock clock(TimeControl::absolute(5'000));
  clock.start(Color::white, 1'000);
  auto late = clock;
  CHECK_FALSE(clock.on_move(Color::white, 5'999).has_value());
  CHECK(clock.snapshot(5'999).white.main_ms == 1);
  clock.on_move(Color::black, 6'000);
  CHECK(clock.flag_time() == 6'001);
  CHECK(clock.check_flag(6'001) == Flag{Color::white, 6'001});
  CHECK(late.on_move(Color::white, 6'000) == Flag{Color::white, 6'000});
}

TEST_CASE("none: never flags", "[clock][none]") {
  GameClock clock(TimeControl::none());
  clock.start(Color::black, 0);
  CHECK_FALSE(clock.flag_time().has_value());
  const std::int64_t a_year = 365LL * 24 * 3600 * 1000;
  CHECK_FALSE(clock.is_flagged(a_year));
  CHECK_FALSE(clock.check_flag(a_year).has_value());
  CHECK_FALSE(clock.on_move(Color::black, a_year).has_value());
  CHECK(clock.running() == Color::white);
  CHECK(clock.snapshot(2 * a_year).black == SideTime{});
  CHECK_FALSE(clock.pause(3 * a_year).has_value());
}
