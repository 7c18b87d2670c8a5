// The running clock as the rest of the server spells it: the wire's `clock`
// object and the opaque `clock_state` text kept in the games table (both
// clocks, the lag quotas left and the event counter).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/expected.hpp"
#include "core/game_settings.hpp"
#include "protocol/payloads.hpp"
#include "server/clock/game_clock.hpp"

namespace yunzi::game {

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
std::string initial_clock_state(const GameSettings& settings);

}  // namespace yunzi::game
