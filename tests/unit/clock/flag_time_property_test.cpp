// Over many random games, under every system: flag_time() is exactly the
// first instant is_flagged() is true, a move one ms earlier survives and a
// move at it loses, and the time a snapshot shows left agrees with it.
#include <catch2/catch.hpp>

#include <random>
#include <vector>

#include "server/clock/game_clock.hpp"

using namespace yunzi;
using namespace yunzi::clock;
using yunzi::engine::Color;

namespace {

TimeControl random_control(std::mt19937_64& rng) {
  auto pick = [&](std::int64_t lo, std::int64_t hi) {
    return std::uniform_int_distribution<std::int64_t>(lo, hi)(rng);
  };
  switch (pick(0, 4)) {
    case 0: return TimeControl::absolute(pick(1, 20'000));
    case 1: return TimeControl::byoyomi(pick(0, 20'000), static_cast<int>(pick(1, 5)), pick(1, 5'000));
    case 2: {
      const auto main = pick(1, 20'000);
      return TimeControl::fischer(main, pick(0, 3'000), pick(0, 1) == 0 ? 0 : main + pick(0, 10'000));
    }
    case 3: return TimeControl::canadian(pick(0, 20'000), static_cast<int>(pick(1, 5)), pick(1, 8'000));
    default: return TimeControl::none();
  }
}

std::int64_t running_time_left(const GameClock& clock, std::int64_t now) {
  const auto snap = clock.snapshot(now);
  return *time_left(clock.control(), snap.side(*snap.running));
}

// Checks every promise about the deadline of the clock as it stands at `now`.
void check_deadline(const GameClock& clock, std::int64_t now) {
  const auto deadline = clock.flag_time();
  if (clock.control().system == TimeSystem::none) {
    REQUIRE_FALSE(deadline.has_value());
    REQUIRE_FALSE(clock.is_flagged(now + max_duration_ms));
    return;
  }
  REQUIRE(deadline.has_value());
  REQUIRE(*deadline >= now);
  REQUIRE(clock.is_flagged(*deadline));
  REQUIRE(clock.is_flagged(*deadline + 1));
  if (*deadline > now) {
    REQUIRE_FALSE(clock.is_flagged(*deadline - 1));
    REQUIRE(running_time_left(clock, now) == *deadline - now);
    REQUIRE(running_time_left(clock, *deadline - 1) == 1);
    auto early = clock;
    REQUIRE_FALSE(early.on_move(*clock.running(), *deadline - 1).has_value());
  }
  auto on_time = clock;
  REQUIRE(on_time.on_move(*clock.running(), *deadline) == Flag{*clock.running(), *deadline});
  auto timer = clock;
  REQUIRE(timer.check_flag(*deadline) == Flag{*clock.running(), *deadline});
}

}  // namespace

TEST_CASE("flag_time is the instant is_flagged turns true, over random games", "[clock][property]") {
  std::mt19937_64 rng(20240611);
  int flags_seen = 0;
  for (int game = 0; game < 400; ++game) {
    const auto control = random_control(rng);
    INFO("control " << to_spec(control) << ", game " << game);
    GameClock clock(control);
    std::int64_t now = std::uniform_int_distribution<std::int64_t>(0, 1'000'000)(rng);
    clock.start(Color::black, now);
    for (int step = 0; step < 60 && !clock.flagged(); ++step) {
      check_deadline(clock, now);
      const auto left = clock.flag_time().value_or(now + 30'000) - now;
      // Mostly moves in time, sometimes just late, sometimes a pause.
      const auto think = std::uniform_int_distribution<std::int64_t>(0, left + left / 8 + 1)(rng);
      now += think;
      const Color mover = *clock.running();
      if (std::uniform_int_distribution<int>(0, 9)(rng) == 0) {
        if (clock.pause(now)) break;
        now += std::uniform_int_distribution<std::int64_t>(0, 100'000)(rng);
        const auto snap = clock.snapshot(now);
        GameClock rebuilt(control);
        REQUIRE(rebuilt.restore(snap).has_value());
        rebuilt.resume(mover, now);
        clock = rebuilt;
        continue;
      }
      const auto deadline = clock.flag_time();
      const auto flag = clock.on_move(mover, now);
      REQUIRE(flag.has_value() == (deadline.has_value() && now >= *deadline));
      if (flag) ++flags_seen;
    }
  }
  CHECK(flags_seen > 50);  // the walk does reach the edges
}
