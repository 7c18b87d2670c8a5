// The game clock as the rest of the server spells it: the clock rules of a
// game's settings, the wire's `clock` object, the opaque `clock_state` text
// kept in the games table (both clocks, the lag quotas left and the event
// counter), and the settings of a stored game read back from its row.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "db/records.hpp"
#include "core/expected.hpp"
#include "protocol/payloads.hpp"
#include "server/clock/game_clock.hpp"

namespace yunzi::game {

clock::TimeControl to_time_control(const protocol::TimeControl& time);
protocol::ClockState to_wire(const clock::ClockSnapshot& snapshot);

// What a game must remember across a restart besides its moves.
struct StoredClock {
  clock::ClockSnapshot clock;
  std::int64_t black_lag_quota_ms = 0;
  std::int64_t white_lag_quota_ms = 0;
  std::int64_t seq = 0;  // the event counter at the time of writing
};

std::string encode_clock_state(const StoredClock& stored);
Expected<StoredClock, std::string> decode_clock_state(std::string_view text);

// The clock_state a new game row starts with: full time on both sides,
// Black (or White with 2+ handicap stones) to move, full lag quotas.
std::string initial_clock_state(const protocol::GameSettings& settings);

// The settings a stored game was created with, from its columns (and the
// ko rule from its settings JSON, situational when absent or unreadable).
protocol::GameSettings settings_of(const db::GameRecord& game);

protocol::TimeControl time_control_of(const db::TimeSettings& time);

// The row columns that describe a clock (db::TimeSettings, whole seconds).
db::TimeSettings time_settings_of(const protocol::TimeControl& time);

}  // namespace yunzi::game
