// `settings` and its `time` object; every field is optional and gets the
// contract's default, except the clock: without a `time` object it stays
// empty for the server to fill in. Komi defaults to 0.5 once a handicap is
// asked for, as the rules fix for 让先 and handicap games.
#include <cmath>

#include "protocol/decode_parts.hpp"

namespace yunzi::protocol {
namespace {

int seconds(FieldReader& r, std::string_view name, int min, int max, int fallback) {
  return static_cast<int>(r.optional_integer(name, min, max).value_or(fallback));
}

TimeControl read_time(FieldReader& r) {
  const std::string system = r.string("system");
  if (!r.ok()) return ByoYomi{};
  if (system == "byoyomi") {
    ByoYomi t;
    t.main_s = seconds(r, "main_s", 0, max_main_s, t.main_s);
    t.periods = seconds(r, "periods", 1, max_periods, t.periods);
    t.period_s = seconds(r, "period_s", 1, max_period_s, t.period_s);
    return t;
  }
  if (system == "fischer") {
    Fischer t;
    t.main_s = seconds(r, "main_s", 1, max_main_s, t.main_s);
    t.increment_s = seconds(r, "increment_s", 0, max_period_s, t.increment_s);
    // The cap defaults to twice the main time so a longer main time alone stays valid.
    t.max_s = seconds(r, "max_s", t.main_s, max_fischer_cap_s, 2 * t.main_s);
    return t;
  }
  if (system == "canadian") {
    Canadian t;
    t.main_s = seconds(r, "main_s", 0, max_main_s, t.main_s);
    t.stones = seconds(r, "stones", 1, max_canadian_stones, t.stones);
    t.period_s = seconds(r, "period_s", 1, max_canadian_period_s, t.period_s);
    return t;
  }
  if (system == "absolute") {
    Absolute t;
    t.main_s = seconds(r, "main_s", 1, max_main_s, t.main_s);
    return t;
  }
  if (system == "none") return NoClock{};
  r.fail("system", "expected \"byoyomi\", \"fischer\", \"canadian\", \"absolute\" or \"none\"");
  return ByoYomi{};
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
    if (*color == "auto") settings.color = ColorChoice::automatic;
    else if (*color == "black") settings.color = ColorChoice::black;
    else if (*color == "white") settings.color = ColorChoice::white;
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
    if (const auto rule = engine::parse_ko_rule(*ko)) settings.ko = *rule;
    else r.fail("ko", "expected \"simple\", \"positional\" or \"situational\"");
  }
  return requested;
}

}  // namespace yunzi::protocol
