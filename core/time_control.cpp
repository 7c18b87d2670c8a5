#include "core/time_control.hpp"

#include <array>
#include <charconv>
#include <vector>

namespace yunzi {
namespace {

struct SystemName {
  TimeSystem system;
  std::string_view name;
};

constexpr std::array<SystemName, 5> system_names{{
    {TimeSystem::none, "none"},
    {TimeSystem::absolute, "absolute"},
    {TimeSystem::byoyomi, "byoyomi"},
    {TimeSystem::fischer, "fischer"},
    {TimeSystem::canadian, "canadian"},
}};

std::string describe_ms(std::int64_t ms) { return std::to_string(ms) + " ms"; }

std::optional<std::string> check_duration(std::string_view what, std::int64_t ms, bool must_be_positive) {
  if (ms < 0) return std::string(what) + " must not be negative (got " + describe_ms(ms) + ")";
  if (must_be_positive && ms == 0) return std::string(what) + " must be more than zero";
  if (ms > max_duration_ms) return std::string(what) + " must be at most 30 days (got " + describe_ms(ms) + ")";
  return std::nullopt;
}

std::optional<std::string> check_count(std::string_view what, int count, int max) {
  if (count < 1 || count > max) {
    return std::string(what) + " must be between 1 and " + std::to_string(max) + " (got " + std::to_string(count) + ")";
  }
  return std::nullopt;
}

std::optional<std::string> find_problem(const TimeControl& c) {
  switch (c.system) {
    case TimeSystem::none: return std::nullopt;
    case TimeSystem::absolute: return check_duration("main time", c.main_ms, true);
    case TimeSystem::byoyomi:
      if (auto p = check_duration("main time", c.main_ms, false)) return p;
      if (auto p = check_count("byo-yomi periods", c.periods, max_periods)) return p;
      return check_duration("byo-yomi period", c.period_ms, true);
    case TimeSystem::fischer:
      if (auto p = check_duration("main time", c.main_ms, true)) return p;
      if (auto p = check_duration("Fischer increment", c.increment_ms, false)) return p;
      if (auto p = check_duration("Fischer maximum", c.max_ms, false)) return p;
      if (c.max_ms != 0 && c.max_ms < c.main_ms) {
        return "Fischer maximum (" + describe_ms(c.max_ms) + ") must be 0 (no cap) or at least the main time (" +
               describe_ms(c.main_ms) + ")";
      }
      return std::nullopt;
    case TimeSystem::canadian:
      if (auto p = check_duration("main time", c.main_ms, false)) return p;
      if (auto p = check_count("Canadian stones", c.stones, max_stones)) return p;
      return check_duration("Canadian period", c.period_ms, true);
  }
  return "unknown time system";
}

// Seconds with at most three decimals ("30", "0.5"), as milliseconds.
std::optional<std::int64_t> parse_seconds(std::string_view text) {
  const auto dot = text.find('.');
  const std::string_view whole = text.substr(0, dot);
  const std::string_view fraction = dot == std::string_view::npos ? std::string_view{} : text.substr(dot + 1);
  if (whole.empty() || fraction.size() > 3 || (dot != std::string_view::npos && fraction.empty())) return std::nullopt;
  std::int64_t seconds = 0;
  auto [end, ec] = std::from_chars(whole.data(), whole.data() + whole.size(), seconds);
  if (ec != std::errc{} || end != whole.data() + whole.size() || seconds < 0) return std::nullopt;
  if (seconds > max_duration_ms / 1000) return max_duration_ms + 1;  // validation names the limit
  std::int64_t ms = seconds * 1000;
  std::int64_t scale = 100;
  for (char ch : fraction) {
    if (ch < '0' || ch > '9') return std::nullopt;
    ms += (ch - '0') * scale;
    scale /= 10;
  }
  return ms;
}

std::optional<int> parse_count(std::string_view text) {
  int value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return value;
}

std::string format_seconds(std::int64_t ms) {
  std::string out = std::to_string(ms / 1000);
  if (const auto rest = ms % 1000; rest != 0) {
    std::string digits = std::to_string(1000 + rest).substr(1);
    while (digits.back() == '0') digits.pop_back();
    out += "." + digits;
  }
  return out;
}

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  for (;;) {
    const auto at = text.find(separator);
    parts.push_back(text.substr(0, at));
    if (at == std::string_view::npos) return parts;
    text.remove_prefix(at + 1);
  }
}

}  // namespace

std::string_view to_string(TimeSystem system) {
  for (const auto& entry : system_names) {
    if (entry.system == system) return entry.name;
  }
  return "unknown";
}

std::optional<TimeSystem> parse_time_system(std::string_view text) {
  for (const auto& entry : system_names) {
    if (entry.name == text) return entry.system;
  }
  return std::nullopt;
}

TimeControl TimeControl::none() { return TimeControl{TimeSystem::none, 0, 0, 0, 0, 0, 0}; }

TimeControl TimeControl::absolute(std::int64_t main_ms) {
  return TimeControl{TimeSystem::absolute, main_ms, 0, 0, 0, 0, 0};
}

TimeControl TimeControl::byoyomi(std::int64_t main_ms, int periods, std::int64_t period_ms) {
  return TimeControl{TimeSystem::byoyomi, main_ms, periods, period_ms, 0, 0, 0};
}

TimeControl TimeControl::fischer(std::int64_t main_ms, std::int64_t increment_ms, std::int64_t max_ms) {
  return TimeControl{TimeSystem::fischer, main_ms, 0, 0, 0, increment_ms, max_ms};
}

TimeControl TimeControl::canadian(std::int64_t main_ms, int stones, std::int64_t period_ms) {
  return TimeControl{TimeSystem::canadian, main_ms, 0, period_ms, stones, 0, 0};
}

Expected<Done, std::string> validate(const TimeControl& control) {
  if (auto problem = find_problem(control)) return unexpected(std::move(*problem));
  return Done{};
}

Expected<TimeControl, std::string> parse_time_control(std::string_view text) {
  const std::string quoted = "\"" + std::string(text) + "\"";
  const auto colon = text.find(':');
  const auto system = parse_time_system(text.substr(0, colon));
  if (!system) {
    return unexpected(quoted + " does not name a time system (byoyomi, fischer, canadian, absolute or none)");
  }
  const auto fields =
      colon == std::string_view::npos ? std::vector<std::string_view>{} : split(text.substr(colon + 1), '/');
  const std::size_t wanted = *system == TimeSystem::none ? 0 : *system == TimeSystem::absolute ? 1 : 3;
  const std::string_view shapes[] = {"none", "absolute:MAIN", "byoyomi:MAIN/PERIODS/PERIOD",
                                     "fischer:MAIN/INCREMENT/MAX", "canadian:MAIN/STONES/PERIOD"};
  const std::string expected_shape(shapes[static_cast<int>(*system)]);
  if (fields.size() != wanted) return unexpected(quoted + " should look like " + expected_shape + " (seconds)");

  std::int64_t seconds_fields[3] = {0, 0, 0};
  int count_field = 0;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    const bool is_count = i == 1 && (*system == TimeSystem::byoyomi || *system == TimeSystem::canadian);
    if (is_count) {
      const auto count = parse_count(fields[i]);
      if (!count) return unexpected(quoted + ": \"" + std::string(fields[i]) + "\" is not a whole number");
      count_field = *count;
    } else {
      const auto ms = parse_seconds(fields[i]);
      if (!ms) return unexpected(quoted + ": \"" + std::string(fields[i]) + "\" is not a number of seconds");
      seconds_fields[i] = *ms;
    }
  }

  TimeControl control;
  switch (*system) {
    case TimeSystem::none: control = TimeControl::none(); break;
    case TimeSystem::absolute: control = TimeControl::absolute(seconds_fields[0]); break;
    case TimeSystem::byoyomi: control = TimeControl::byoyomi(seconds_fields[0], count_field, seconds_fields[2]); break;
    case TimeSystem::fischer:
      control = TimeControl::fischer(seconds_fields[0], seconds_fields[1], seconds_fields[2]);
      break;
    case TimeSystem::canadian:
      control = TimeControl::canadian(seconds_fields[0], count_field, seconds_fields[2]);
      break;
  }
  if (auto ok = validate(control); !ok) return unexpected(quoted + ": " + ok.error());
  return control;
}

std::string to_spec(const TimeControl& c) {
  const std::string name(to_string(c.system));
  switch (c.system) {
    case TimeSystem::none: return name;
    case TimeSystem::absolute: return name + ":" + format_seconds(c.main_ms);
    case TimeSystem::byoyomi:
      return name + ":" + format_seconds(c.main_ms) + "/" + std::to_string(c.periods) + "/" +
             format_seconds(c.period_ms);
    case TimeSystem::fischer:
      return name + ":" + format_seconds(c.main_ms) + "/" + format_seconds(c.increment_ms) + "/" +
             format_seconds(c.max_ms);
    case TimeSystem::canadian:
      return name + ":" + format_seconds(c.main_ms) + "/" + std::to_string(c.stones) + "/" +
             format_seconds(c.period_ms);
  }
  return name;
}

}  // namespace yunzi
