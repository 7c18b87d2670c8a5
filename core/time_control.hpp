// The time systems a game may be played with (byo-yomi, Fischer, Canadian,
// absolute, none), their settings in milliseconds, validation, and a short
// text spelling ("byoyomi:1200/3/30", seconds) for configuration files and
// command lines. The one clock setting of the tree: the wire (whole seconds),
// the games table (columns) and the running clock all translate to this.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/expected.hpp"

namespace yunzi {

enum class TimeSystem : std::uint8_t { none, absolute, byoyomi, fischer, canadian };

std::string_view to_string(TimeSystem system);  // "none", "absolute", "byoyomi", "fischer", "canadian"
std::optional<TimeSystem> parse_time_system(std::string_view text);

// The upper bound on every duration keeps all arithmetic far from overflow
// even when a game lasts a month of moves.
inline constexpr std::int64_t ms_per_second = 1000;
inline constexpr std::int64_t max_duration_ms = 30LL * 24 * 3600 * 1000;
inline constexpr int max_periods = 100;
inline constexpr int max_stones = 1000;

// Fields a system does not use stay zero; the factories below fill exactly
// the fields that fit. A default TimeControl is the server's usual clock:
// byo-yomi, 20 minutes main time and 3 periods of 30 seconds.
struct TimeControl {
  TimeSystem system = TimeSystem::byoyomi;
  std::int64_t main_ms = 20 * 60 * 1000;
  int periods = 3;                  // byo-yomi: number of periods
  std::int64_t period_ms = 30'000;  // byo-yomi and Canadian: length of one period
  int stones = 0;                   // Canadian: stones to play within one period
  std::int64_t increment_ms = 0;    // Fischer: added after every move
  std::int64_t max_ms = 0;          // Fischer: cap on the main time, 0 = no cap

  static TimeControl none();
  static TimeControl absolute(std::int64_t main_ms);
  static TimeControl byoyomi(std::int64_t main_ms, int periods, std::int64_t period_ms);
  static TimeControl fischer(std::int64_t main_ms, std::int64_t increment_ms, std::int64_t max_ms);
  static TimeControl canadian(std::int64_t main_ms, int stones, std::int64_t period_ms);

  friend bool operator==(const TimeControl&, const TimeControl&) = default;
};

// Explains in a sentence what is wrong with a control (negative or huge
// durations, byo-yomi without periods, Fischer cap below the main time...).
Expected<Done, std::string> validate(const TimeControl& control);

// Text form, durations in whole seconds:
//   "byoyomi:MAIN/PERIODS/PERIOD"   "fischer:MAIN/INCREMENT/MAX" (MAX 0 = no cap)
//   "canadian:MAIN/STONES/PERIOD"   "absolute:MAIN"   "none"
// Parsing validates the result.
Expected<TimeControl, std::string> parse_time_control(std::string_view text);
std::string to_spec(const TimeControl& control);

}  // namespace yunzi
