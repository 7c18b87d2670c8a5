#include <catch2/catch.hpp>

#include "server/clock/game_clock.hpp"

using namespace yunzi;
using namespace yunzi::clock;
using yunzi::engine::Color;

namespace {

constexpr std::int64_t period = 30'000;
constexpr std::int64_t t0 = 5'000;  // an arbitrary steady-clock origin

// Black to move at t0 with `main_ms` main time and 3 periods of 30 s.
GameClock black_to_move(std::int64_t main_ms) {
  GameClock clock(TimeControl::byoyomi(main_ms, 3, period));
  clock.start(Color::black, t0);
  return clock;
}

}  // namespace

TEST_CASE("byo-yomi: a move one ms inside the period keeps it", "[clock][byoyomi]") {
  auto clock = black_to_move(0);
  CHECK_FALSE(clock.on_move(Color::black, t0 + period - 1).has_value());
  const auto black = clock.snapshot(t0 + period - 1).black;
  CHECK(black == SideTime{0, 3, period, 0});
  CHECK(clock.running() == Color::white);
}

TEST_CASE("byo-yomi: a move at the period's last instant or later consumes it", "[clock][byoyomi]") {
  SECTION("exactly period_ms") {
    auto clock = black_to_move(0);
    CHECK_FALSE(clock.on_move(Color::black, t0 + period).has_value());
    CHECK(clock.snapshot(t0 + period).black == SideTime{0, 2, period, 0});
  }
  SECTION("period_ms + 1") {
    auto clock = black_to_move(0);
    CHECK_FALSE(clock.on_move(Color::black, t0 + period + 1).has_value());
    CHECK(clock.snapshot(t0 + period + 1).black == SideTime{0, 2, period, 0});
  }
  SECTION("two and a half periods in one turn") {
    auto clock = black_to_move(0);
    CHECK_FALSE(clock.on_move(Color::black, t0 + 2 * period + period / 2).has_value());
    CHECK(clock.snapshot(t0 + 3 * period).black == SideTime{0, 1, period, 0});
  }
}

TEST_CASE("byo-yomi: main time carries into the periods exactly", "[clock][byoyomi]") {
  constexpr std::int64_t main = 60'000;
  SECTION("a move inside main time only spends main time") {
    auto clock = black_to_move(main);
    clock.on_move(Color::black, t0 + 10'000);
    CHECK(clock.snapshot(t0 + 10'000).black == SideTime{50'000, 3, period, 0});
  }
  SECTION("main time plus period - 1 keeps every period") {
    auto clock = black_to_move(main);
    clock.on_move(Color::black, t0 + main + period - 1);
    CHECK(clock.snapshot(t0).black == SideTime{0, 3, period, 0});
  }
  SECTION("main time plus period consumes the first") {
    auto clock = black_to_move(main);
    clock.on_move(Color::black, t0 + main + period);
    CHECK(clock.snapshot(t0).black == SideTime{0, 2, period, 0});
  }
  SECTION("leftover main time from earlier turns carries too") {
    auto clock = black_to_move(main);
    clock.on_move(Color::black, t0 + 59'000);                       // 1 s of main left
    clock.on_move(Color::white, t0 + 60'000);                       // white's turn: 1 s
    clock.on_move(Color::black, t0 + 60'000 + 1'000 + period - 1);  // 1 s main + period - 1
    CHECK(clock.snapshot(t0).black == SideTime{0, 3, period, 0});
  }
}

TEST_CASE("byo-yomi: the last period flags at the exact millisecond", "[clock][byoyomi]") {
  constexpr std::int64_t main = 60'000;
  const std::int64_t deadline = t0 + main + 3 * period;
  auto clock = black_to_move(main);
  REQUIRE(clock.flag_time() == deadline);
  CHECK_FALSE(clock.is_flagged(deadline - 1));
  CHECK(clock.is_flagged(deadline));

  SECTION("a move at deadline - 1 survives on the last period") {
    CHECK_FALSE(clock.on_move(Color::black, deadline - 1).has_value());
    CHECK(clock.snapshot(deadline).black == SideTime{0, 1, period, 0});
  }
  SECTION("a move at the deadline is a loss on time") {
    const auto flag = clock.on_move(Color::black, deadline);
    REQUIRE(flag.has_value());
    CHECK(*flag == Flag{Color::black, deadline});
    CHECK(clock.flagged() == Color::black);
    CHECK_FALSE(clock.running().has_value());
    CHECK(clock.snapshot(deadline).black == SideTime{0, 0, 0, 0});
  }
  SECTION("the room's timer sees the flag") {
    CHECK_FALSE(clock.check_flag(deadline - 1).has_value());
    CHECK(clock.check_flag(deadline) == Flag{Color::black, deadline});
    CHECK_FALSE(clock.flag_time().has_value());
  }
}

TEST_CASE("byo-yomi: a running snapshot shows the period ticking down", "[clock][byoyomi]") {
  auto clock = black_to_move(60'000);
  CHECK(clock.snapshot(t0 + 20'000).black == SideTime{40'000, 3, period, 0});
  CHECK(clock.snapshot(t0 + 60'000 + 45'000).black == SideTime{0, 2, 15'000, 0});
  CHECK(clock.snapshot(t0 + 60'000 + 45'000).white == SideTime{60'000, 3, period, 0});
  // Looking does not charge.
  CHECK(clock.flag_time() == t0 + 60'000 + 3 * period);
}
