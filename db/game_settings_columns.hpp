// The games table keeps a game's settings as columns: the clock in whole
// seconds (time_system, time_main_s, time_periods, time_period_s,
// time_stones, time_increment_s, time_max_s), the creator's colour choice
// and the ko rule as their core spellings. Only the game store reads these.
#pragma once

#include <cstdint>
#include <string_view>

#include "core/game_settings.hpp"
#include "db/connection.hpp"

namespace yunzi::db {

struct TimeColumns {
  std::string_view system;
  std::int64_t main_s = 0;
  int periods = 0;
  std::int64_t period_s = 0;
  int stones = 0;
  std::int64_t increment_s = 0;
  std::int64_t max_s = 0;
};

TimeColumns time_columns(const TimeControl& time);

// Reads the seven time columns starting at `first`; an unknown system reads
// as no clock.
TimeControl read_time_columns(const Row& row, int first);

// A spelling the table's CHECK constraints never let in reads as the default.
ColorChoice read_color_choice(const Row& row, int column);
KoRule read_ko_rule(const Row& row, int column);

}  // namespace yunzi::db
