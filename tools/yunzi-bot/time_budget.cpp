#include "tools/yunzi-bot/time_budget.hpp"

#include <algorithm>

#include "protocol/settings.hpp"

namespace yunzi::bot {

using Json = nlohmann::json;

namespace {

long long field(const Json& object, const char* key, long long fallback = 0) {
  const auto it = object.find(key);
  return it != object.end() && it->is_number() ? it->get<long long>() : fallback;
}

TimeControl clock_of(const Json& time) {
  auto clock = protocol::decode_time_control(time);
  return clock ? *clock : TimeControl{};
}

TimeSystem system_of(const Json& time) { return clock_of(time).system; }

long long whole_seconds(std::int64_t ms) { return ms / ms_per_second; }

std::string time_left_line(const std::string& color, long long ms, long long stones) {
  return "time_left " + color + " " + std::to_string(std::max(0LL, ms / 1000)) + " " + std::to_string(stones);
}

}  // namespace

std::optional<std::string> gtp_time_settings(const Json& time) {
  const TimeControl clock = clock_of(time);
  const std::string main_s = std::to_string(whole_seconds(clock.main_ms));
  const std::string period_s = std::to_string(whole_seconds(clock.period_ms));
  switch (clock.system) {
    case TimeSystem::none: return "time_settings 0 1 0";  // GTP: byo-yomi time without stones means no limit
    case TimeSystem::byoyomi: return "time_settings " + main_s + " " + period_s + " 1";
    case TimeSystem::canadian: return "time_settings " + main_s + " " + period_s + " " + std::to_string(clock.stones);
    case TimeSystem::fischer:
    case TimeSystem::absolute: break;
  }
  return "time_settings " + main_s + " 0 0";
}

namespace {

// The clock decoded once by the caller: the time the side may spend on this move.
std::optional<long long> on_clock_ms(TimeSystem system, const Json& side) {
  if (system == TimeSystem::none || !side.is_object()) return std::nullopt;
  const long long main_ms = field(side, "main_ms");
  if (system == TimeSystem::byoyomi) return main_ms + (field(side, "periods") > 0 ? field(side, "period_ms") : 0);
  if (system == TimeSystem::canadian) {
    // The whole period must cover the stones still owed in it.
    const long long per_stone = field(side, "period_ms") / std::max(1LL, field(side, "stones", 1));
    return main_ms > 0 ? main_ms + per_stone : per_stone;
  }
  return main_ms;
}

std::optional<long long> until_flag_ms(TimeSystem system, const Json& side) {
  if (system == TimeSystem::none || !side.is_object()) return std::nullopt;
  const long long main_ms = field(side, "main_ms");
  if (system == TimeSystem::byoyomi) return main_ms + std::max(0LL, field(side, "periods")) * field(side, "period_ms");
  if (system == TimeSystem::canadian) return main_ms + field(side, "period_ms");
  return main_ms;
}

}  // namespace

std::optional<long long> time_on_clock_ms(const Json& time, const Json& side) {
  return on_clock_ms(system_of(time), side);
}

std::optional<long long> time_until_flag_ms(const Json& time, const Json& side) {
  return until_flag_ms(system_of(time), side);
}

MoveBudget move_budget(const Json& time, const Json& side, const std::string& color, Millis cap, Millis margin) {
  MoveBudget budget;
  const TimeSystem system = system_of(time);
  const auto on_clock = on_clock_ms(system, side);
  const auto until_flag = until_flag_ms(system, side);
  if (!on_clock || !until_flag) {
    budget.on_clock = cap;
    budget.usable = cap;
    budget.wait = cap;
    return budget;
  }
  budget.on_clock = Millis(*on_clock);
  const long long usable = std::max(0LL, *on_clock - margin.count());
  budget.usable = Millis(std::min(usable, static_cast<long long>(cap.count())));
  budget.wait_ends_with_clock = *until_flag <= cap.count();
  budget.wait = Millis(std::max(0LL, std::min(*until_flag, static_cast<long long>(cap.count()))));

  // The engine hears the same usable time, in the shape of its clock: main
  // time while it lasts beyond the margin, else the current period.
  const long long main_ms = field(side, "main_ms");
  if (main_ms > margin.count() || system == TimeSystem::fischer || system == TimeSystem::absolute) {
    budget.time_left = time_left_line(color, main_ms - margin.count(), 0);
  } else if (system == TimeSystem::byoyomi) {
    budget.time_left = time_left_line(color, usable, 1);
  } else {
    budget.time_left = time_left_line(color, main_ms + field(side, "period_ms") - margin.count(),
                                      std::max(1LL, field(side, "stones", 1)));
  }
  return budget;
}

}  // namespace yunzi::bot
