#include <catch2/catch.hpp>

#include "server/game/clock_codec.hpp"

using namespace yunzi;
using namespace yunzi::game;

TEST_CASE("the stored clock state reads back exactly") {
  StoredClock stored;
  stored.clock.system = clock::TimeSystem::byoyomi;
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
  protocol::GameSettings settings;
  settings.handicap = 3;
  settings.time = protocol::Canadian{600, 25, 300};
  auto state = decode_clock_state(initial_clock_state(settings));
  REQUIRE(state.has_value());
  CHECK(state->clock.running == engine::Color::white);
  CHECK(state->clock.black.main_ms == 600'000);
  CHECK(state->clock.black.stones == 25);
}

TEST_CASE("a stored game's settings come back from its columns") {
  db::GameRecord record;
  record.size = 13;
  record.komi = 0.5;
  record.handicap = 1;
  record.rated = false;
  record.time = db::TimeSettings{"fischer", 300, 0, 0, 0, 5, 600};
  record.settings_json = R"({"ko":"positional"})";
  const protocol::GameSettings settings = settings_of(record);
  CHECK(settings.size == 13);
  CHECK(settings.ko == engine::KoRule::positional);
  CHECK(settings.time == protocol::TimeControl{protocol::Fischer{300, 5, 600}});
  CHECK(time_settings_of(settings.time).increment_s == 5);
}
