#include "db/game_settings_columns.hpp"

namespace yunzi::db {

TimeColumns time_columns(const TimeControl& t) {
  return {to_string(t.system),
          t.main_ms / ms_per_second,
          t.periods,
          t.period_ms / ms_per_second,
          t.stones,
          t.increment_ms / ms_per_second,
          t.max_ms / ms_per_second};
}

TimeControl read_time_columns(const Row& row, int first) {
  const auto system = parse_time_system(row.text(first));
  const std::int64_t main_ms = row.integer(first + 1) * ms_per_second;
  const int periods = static_cast<int>(row.integer(first + 2));
  const std::int64_t period_ms = row.integer(first + 3) * ms_per_second;
  const int stones = static_cast<int>(row.integer(first + 4));
  const std::int64_t increment_ms = row.integer(first + 5) * ms_per_second;
  const std::int64_t max_ms = row.integer(first + 6) * ms_per_second;
  switch (system.value_or(TimeSystem::none)) {
    case TimeSystem::byoyomi: return TimeControl::byoyomi(main_ms, periods, period_ms);
    case TimeSystem::fischer: return TimeControl::fischer(main_ms, increment_ms, max_ms);
    case TimeSystem::canadian: return TimeControl::canadian(main_ms, stones, period_ms);
    case TimeSystem::absolute: return TimeControl::absolute(main_ms);
    case TimeSystem::none: break;
  }
  return TimeControl::none();
}

ColorChoice read_color_choice(const Row& row, int column) {
  return parse_color_choice(row.text(column)).value_or(ColorChoice::automatic);
}

KoRule read_ko_rule(const Row& row, int column) {
  return parse_ko_rule(row.text(column)).value_or(KoRule::situational);
}

}  // namespace yunzi::db
