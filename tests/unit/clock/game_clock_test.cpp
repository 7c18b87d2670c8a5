#include <catch2/catch.hpp>

#include <stdexcept>

#include "server/clock/game_clock.hpp"

using namespace yunzi;
using namespace yunzi::clock;
using yunzi::engine::Color;

namespace {
constexpr std::int64_t hour = 3'600'000;
}

TEST_CASE("pause and resume do not charge the stopped stretch", "[clock][pause]") {
  GameClock clock(TimeControl::byoyomi(60'000, 3, 30'000));
  clock.start(Color::black, 0);
  clock.on_move(Color::black, 10'000);
  CHECK_FALSE(clock.pause(15'000).has_value());
  CHECK_FALSE(clock.running().has_value());
  CHECK_FALSE(clock.flag_time().has_value());
  const auto stopped = clock.snapshot(15'000);
  CHECK(stopped.white.main_ms == 55'000);
  CHECK(clock.snapshot(15'000 + hour) == stopped);
  CHECK_FALSE(clock.is_flagged(15'000 + hour));

  clock.resume(Color::white, 15'000 + hour);
  CHECK(clock.flag_time() == 15'000 + hour + 55'000 + 90'000);
  clock.on_move(Color::white, 15'000 + hour + 5'000);
  CHECK(clock.snapshot(15'000 + hour + 5'000).white.main_ms == 50'000);
}

TEST_CASE("a pause inside a period keeps what is left of it", "[clock][pause]") {
  GameClock clock(TimeControl::byoyomi(0, 3, 30'000));
  clock.start(Color::black, 0);
  clock.pause(10'000);
  CHECK(clock.snapshot(10'000).black == SideTime{0, 3, 20'000, 0});
  clock.resume(Color::black, 50'000);
  CHECK(clock.flag_time() == 50'000 + 20'000 + 60'000);
  clock.on_move(Color::black, 50'000 + 19'999);  // the move renews the period
  CHECK(clock.snapshot(0).black == SideTime{0, 3, 30'000, 0});
}

TEST_CASE("pausing a side whose time ran out reports the flag", "[clock][pause]") {
  GameClock clock(TimeControl::absolute(1'000));
  clock.start(Color::black, 0);
  CHECK(clock.pause(1'500) == Flag{Color::black, 1'000});
  CHECK(clock.flagged() == Color::black);
  CHECK_THROWS_AS(clock.resume(Color::black, 2'000), std::logic_error);
}

TEST_CASE("snapshot and restore rebuild a running clock without charging the gap", "[clock][restore]") {
  GameClock clock(TimeControl::byoyomi(60'000, 3, 30'000));
  clock.start(Color::black, 0);
  clock.on_move(Color::black, 70'000);  // 10 s into black's periods: renewed
  clock.on_move(Color::white, 80'000);
  const std::int64_t saved_at = 82'000;  // 2 s into black's renewed period
  const auto saved = clock.snapshot(saved_at);
  CHECK(saved.running == Color::black);
  CHECK(saved.black == SideTime{0, 3, 28'000, 0});
  CHECK(saved.white == SideTime{50'000, 3, 30'000, 0});

  GameClock rebuilt(TimeControl::byoyomi(60'000, 3, 30'000));
  REQUIRE(rebuilt.restore(saved).has_value());
  CHECK_FALSE(rebuilt.running().has_value());
  const std::int64_t back_at = saved_at + 5 * hour;  // the server was down
  rebuilt.resume(*saved.running, back_at);
  CHECK(rebuilt.snapshot(back_at) == saved);
  CHECK(*rebuilt.flag_time() - back_at == *clock.flag_time() - saved_at);
}

TEST_CASE("undo restores an earlier snapshot", "[clock][restore]") {
  GameClock clock(TimeControl::fischer(60'000, 5'000, 0));
  clock.start(Color::black, 0);
  clock.on_move(Color::black, 2'000);
  auto before_white = clock.snapshot(2'000);
  clock.on_move(Color::white, 20'000);
  CHECK(clock.snapshot(20'000).white.main_ms == 47'000);

  clock.pause(25'000);
  REQUIRE(clock.restore(before_white).has_value());
  clock.resume(Color::white, 25'000);
  CHECK(clock.snapshot(25'000).white.main_ms == 60'000);
  CHECK(clock.snapshot(25'000).black.main_ms == 63'000);
}

TEST_CASE("restore refuses snapshots that do not fit the control", "[clock][restore]") {
  GameClock clock(TimeControl::byoyomi(60'000, 3, 30'000));
  auto good = clock.snapshot(0);

  auto wrong_system = good;
  wrong_system.system = TimeSystem::fischer;
  REQUIRE_FALSE(clock.restore(wrong_system).has_value());
  CHECK_THAT(clock.restore(wrong_system).error(), Catch::Contains("snapshot is for fischer"));

  auto too_many_periods = good;
  too_many_periods.white.periods = 4;
  REQUIRE_FALSE(clock.restore(too_many_periods).has_value());
  CHECK_THAT(clock.restore(too_many_periods).error(), Catch::Contains("white's time does not fit byoyomi:60/3/30"));

  auto negative = good;
  negative.black.main_ms = -1;
  CHECK_FALSE(clock.restore(negative).has_value());

  auto long_period = good;
  long_period.black = SideTime{0, 2, 30'001, 0};
  CHECK_FALSE(clock.restore(long_period).has_value());

  auto partial_period_in_main_time = good;
  partial_period_in_main_time.black = SideTime{10'000, 3, 5'000, 0};
  CHECK_FALSE(clock.restore(partial_period_in_main_time).has_value());

  GameClock canadian(TimeControl::canadian(0, 5, 60'000));
  auto extra_stones = canadian.snapshot(0);
  extra_stones.black.stones = 6;
  CHECK_FALSE(canadian.restore(extra_stones).has_value());

  CHECK(clock.restore(good).has_value());
}

TEST_CASE("a restored flag stays a flag", "[clock][restore]") {
  GameClock clock(TimeControl::absolute(1'000));
  clock.start(Color::white, 0);
  clock.check_flag(1'000);
  const auto lost = clock.snapshot(1'000);
  GameClock rebuilt(TimeControl::absolute(1'000));
  REQUIRE(rebuilt.restore(lost).has_value());
  CHECK(rebuilt.flagged() == Color::white);
  CHECK(rebuilt.is_flagged(0));
}

TEST_CASE("lag credit is taken off the mover's charge", "[clock][lag]") {
  GameClock clock(TimeControl::absolute(10'000));
  clock.start(Color::black, 0);
  clock.on_move(Color::black, 3'000, 500);
  CHECK(clock.snapshot(3'000).black.main_ms == 7'500);

  SECTION("a credit larger than the turn costs nothing and gives nothing back") {
    clock.on_move(Color::white, 3'200, 900);
    CHECK(clock.snapshot(3'200).white.main_ms == 10'000);
  }
  SECTION("a move that arrives after the deadline but was sent before it counts") {
    clock.on_move(Color::white, 3'000);
    REQUIRE(clock.flag_time() == 10'500);
    CHECK_FALSE(clock.on_move(Color::black, 10'700, 300).has_value());
    CHECK(clock.snapshot(10'700).black.main_ms == 100);
  }
  SECTION("without enough credit the late move is a loss on time") {
    clock.on_move(Color::white, 3'000);
    CHECK(clock.on_move(Color::black, 10'700, 200) == Flag{Color::black, 10'500});
  }
}

TEST_CASE("misuse of the clock is a programmer error", "[clock][errors]") {
  CHECK_THROWS_AS(GameClock(TimeControl::absolute(0)), std::invalid_argument);
  auto made = GameClock::make(TimeControl::byoyomi(0, 0, 30'000));
  REQUIRE_FALSE(made.has_value());
  CHECK_THAT(made.error(), Catch::Contains("periods"));
  CHECK(GameClock::make(TimeControl{}).has_value());

  GameClock clock(TimeControl{});
  CHECK_THROWS_AS(clock.on_move(Color::black, 0), std::logic_error);
  clock.start(Color::black, 0);
  CHECK_THROWS_AS(clock.start(Color::white, 0), std::logic_error);
  CHECK_THROWS_AS(clock.on_move(Color::white, 10), std::logic_error);
}

TEST_CASE("time going backwards is charged as nothing", "[clock][errors]") {
  GameClock clock(TimeControl::absolute(10'000));
  clock.start(Color::black, 5'000);
  CHECK(clock.turn_elapsed_ms(4'000) == 0);
  clock.on_move(Color::black, 4'000);
  CHECK(clock.snapshot(4'000).black.main_ms == 10'000);
}
