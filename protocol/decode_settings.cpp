// `settings` and its `time` object; every field is optional and gets the
// contract's default, except the clock: without a `time` object it stays
// empty for the server to fill in. Komi defaults to 0.5 once a handicap is
// asked for, as the rules fix for 让先 and handicap games.
#include <cmath>

#include "protocol/decode_parts.hpp"

namespace yunzi::protocol {
namespace {

std::int64_t seconds_ms(FieldReader& r, std::string_view name, int min, int max, int fallback) {
  return r.optional_integer(name, min, max).value_or(fallback) * ms_per_second;
}

int count(FieldReader& r, std::string_view name, int max, int fallback) {
  return static_cast<int>(r.optional_integer(name, 1, max).value_or(fallback));
}

// Each system's own defaults: byo-yomi 1200 s + 3 x 30 s, Fischer 600 s +
// 10 s up to twice the main time, Canadian 600 s + 25 stones in 300 s,
// absolute 1800 s.
TimeControl read_time(FieldReader& r) {
  const std::string text = r.string("system");
  if (!r.ok()) return TimeControl{};
  const std::optional<TimeSystem> system = parse_time_system(text);
  if (!system) {
    r.fail("system", "expected \"byoyomi\", \"fischer\", \"canadian\", \"absolute\" or \"none\"");
    return TimeControl{};
  }
  switch (*system) {
    case TimeSystem::byoyomi: {
      const auto main_ms = seconds_ms(r, "main_s", 0, max_main_s, 1200);
      const int periods = count(r, "periods", max_periods, 3);
      return TimeControl::byoyomi(main_ms, periods, seconds_ms(r, "period_s", 1, max_period_s, 30));
    }
    case TimeSystem::fischer: {
      const auto main_ms = seconds_ms(r, "main_s", 1, max_main_s, 600);
      const auto increment_ms = seconds_ms(r, "increment_s", 0, max_period_s, 10);
      // The cap defaults to twice the main time so a longer main time alone stays valid.
      const int main_s = static_cast<int>(main_ms / ms_per_second);
      return TimeControl::fischer(main_ms, increment_ms, seconds_ms(r, "max_s", main_s, max_fischer_cap_s, 2 * main_s));
    }
    case TimeSystem::canadian: {
      const auto main_ms = seconds_ms(r, "main_s", 0, max_main_s, 600);
      const int stones = count(r, "stones", max_canadian_stones, 25);
      return TimeControl::canadian(main_ms, stones, seconds_ms(r, "period_s", 1, max_canadian_period_s, 300));
    }
    case TimeSystem::absolute: return TimeControl::absolute(seconds_ms(r, "main_s", 1, max_main_s, 1800));
    case TimeSystem::none: break;
  }
  return TimeControl::none();
}

}  // namespace

RequestedSettings read_settings(FieldReader& parent, std::string_view name) {
  RequestedSettings requested;
  const nlohmann::json* object = parent.find(name);
  if (object == nullptr) return requested;
  if (!object->is_object()) {
    parent.fail(name, "expected an object");
    return requested;
  }
  FieldReader r(parent, name, *object);
  GameSettings& settings = requested.rest;

  settings.size = static_cast<int>(r.optional_integer("size", INT32_MIN, INT32_MAX).value_or(settings.size));
  if (!is_offered_board_size(settings.size)) r.fail("size", "must be 9, 13 or 19");
  settings.rated = r.optional_boolean("rated").value_or(settings.rated);
  settings.handicap = static_cast<int>(r.optional_integer("handicap", 0, max_handicap).value_or(0));

  const double default_komi = settings.handicap == 0 ? default_komi_even : default_komi_handicap;
  settings.komi = r.optional_number("komi").value_or(default_komi);
  if (!std::isfinite(settings.komi) || std::abs(settings.komi) > max_abs_komi ||
      std::floor(settings.komi * 2) != settings.komi * 2) {
    r.fail("komi", "expected a multiple of 0.5 from -150 to 150");
  }

  if (const auto color = r.optional_string("color")) {
    if (const auto choice = parse_color_choice(*color)) settings.color = *choice;
    else r.fail("color", "expected \"auto\", \"black\" or \"white\"");
  }

  if (const nlohmann::json* time = r.find("time")) {
    if (time->is_object()) {
      FieldReader time_reader(r, "time", *time);
      requested.time = read_time(time_reader);
    } else {
      r.fail("time", "expected an object");
    }
  }

  if (const auto ko = r.optional_string("ko")) {
    if (const auto rule = parse_ko_rule(*ko)) settings.ko = *rule;
    else r.fail("ko", "expected \"simple\", \"positional\" or \"situational\"");
  }
  return requested;
}

Expected<TimeControl, std::string> decode_time_control(const nlohmann::json& time) {
  if (!time.is_object()) return unexpected(std::string("field 'time': expected an object"));
  FieldReader parent(time);  // only names the path: the fields are read below
  FieldReader r(parent, "time", time);
  TimeControl control = read_time(r);
  if (!parent.ok()) return unexpected(parent.problem()->message);
  return control;
}

}  // namespace yunzi::protocol
