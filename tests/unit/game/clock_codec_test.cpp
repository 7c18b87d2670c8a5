#include <catch2/catch.hpp>

#include "server/game/clock_codec.hpp"

using namespace yunzi;
using namespace yunzi::game;

TEST_CASE("the stored clock state reads back exactly") {
  StoredClock stored;
  stored.clock.system = yunzi::TimeSystem::byoyomi;
  stored.clock.black = clock::SideTime{0, 2, 12'345, 0};
  stored.clock.white = clock::SideTime{600'000, 3, 30'000, 0};
  stored.clock.running = engine::Color::white;
  stored.black_lag_quota_ms = 7'500;
  stored.white_lag_quota_ms = 10'000;
  stored.seq = 77;
  auto back = decode_clock_state(encode_clock_state(stored));
  REQUIRE(back.has_value());
  CHECK(back->clock == stored.clock);
  CHECK(back->black_lag_quota_ms == 7'500);
  CHECK(back->seq == 77);
}

TEST_CASE("unreadable clock state is an error value") {
  CHECK_FALSE(decode_clock_state("").has_value());
  CHECK_FALSE(decode_clock_state("{}").has_value());
  CHECK_FALSE(decode_clock_state(R"({"system":"sundial"})").has_value());
}

TEST_CASE("a new game's clock state gives full time to the first mover") {
  yunzi::GameSettings settings;
  settings.handicap = 3;
  settings.time = yunzi::TimeControl::canadian(600'000, 25, 300'000);
  auto state = decode_clock_state(initial_clock_state(settings));
  REQUIRE(state.has_value());
  CHECK(state->clock.running == engine::Color::white);
  CHECK(state->clock.black.main_ms == 600'000);
  CHECK(state->clock.black.stones == 25);
}
