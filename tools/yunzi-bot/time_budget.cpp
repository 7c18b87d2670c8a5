#include "tools/yunzi-bot/time_budget.hpp"

#include <algorithm>

namespace yunzi::bot {

using Json = nlohmann::json;

namespace {

long long field(const Json& object, const char* key, long long fallback = 0) {
  const auto it = object.find(key);
  return it != object.end() && it->is_number() ? it->get<long long>() : fallback;
}

std::string system_of(const Json& time) {
  return time.is_object() ? time.value("system", std::string("byoyomi")) : std::string("byoyomi");
}

std::string time_left_line(const std::string& color, long long ms, long long stones) {
  return "time_left " + color + " " + std::to_string(std::max(0LL, ms / 1000)) + " " + std::to_string(stones);
}

}  // namespace

std::optional<std::string> gtp_time_settings(const Json& time) {
  const std::string system = system_of(time);
  const long long main_s = field(time, "main_s");
  if (system == "none") return "time_settings 0 1 0";  // GTP: byo-yomi time without stones means no limit
  if (system == "byoyomi") return "time_settings " + std::to_string(main_s) + " " + std::to_string(field(time, "period_s", 30)) + " 1";
  if (system == "canadian") {
    return "time_settings " + std::to_string(main_s) + " " + std::to_string(field(time, "period_s", 300)) + " " +
           std::to_string(field(time, "stones", 25));
  }
  return "time_settings " + std::to_string(main_s) + " 0 0";
}

std::optional<long long> time_on_clock_ms(const Json& time, const Json& side) {
  const std::string system = system_of(time);
  if (system == "none" || !side.is_object()) return std::nullopt;
  const long long main_ms = field(side, "main_ms");
  if (system == "byoyomi") return main_ms + (field(side, "periods") > 0 ? field(side, "period_ms") : 0);
  if (system == "canadian") {
    // The whole period must cover the stones still owed in it.
    const long long per_stone = field(side, "period_ms") / std::max(1LL, field(side, "stones", 1));
    return main_ms > 0 ? main_ms + per_stone : per_stone;
  }
  return main_ms;
}

std::optional<long long> time_until_flag_ms(const Json& time, const Json& side) {
  const std::string system = system_of(time);
  if (system == "none" || !side.is_object()) return std::nullopt;
  const long long main_ms = field(side, "main_ms");
  if (system == "byoyomi") return main_ms + std::max(0LL, field(side, "periods")) * field(side, "period_ms");
  if (system == "canadian") return main_ms + field(side, "period_ms");
  return main_ms;
}

MoveBudget move_budget(const Json& time, const Json& side, const std::string& color, Millis cap, Millis margin) {
  MoveBudget budget;
  const auto on_clock = time_on_clock_ms(time, side);
  const auto until_flag = time_until_flag_ms(time, side);
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
  const std::string system = system_of(time);
  const long long main_ms = field(side, "main_ms");
  if (main_ms > margin.count() || system == "fischer" || system == "absolute") {
    budget.time_left = time_left_line(color, main_ms - margin.count(), 0);
  } else if (system == "byoyomi") {
    budget.time_left = time_left_line(color, usable, 1);
  } else {
    budget.time_left =
        time_left_line(color, main_ms + field(side, "period_ms") - margin.count(), std::max(1LL, field(side, "stones", 1)));
  }
  return budget;
}

}  // namespace yunzi::bot
