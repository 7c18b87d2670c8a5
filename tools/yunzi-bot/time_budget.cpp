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

std::optional<std::string> gtp_time_left(const Json& time, const Json& side, const std::string& color) {
  const std::string system = system_of(time);
  if (system == "none" || !side.is_object()) return std::nullopt;
  const long long main_ms = field(side, "main_ms");
  auto line = [&](long long ms, long long stones) {
    return "time_left " + color + " " + std::to_string(std::max(0LL, ms / 1000)) + " " + std::to_string(stones);
  };
  if (main_ms > 0 || system == "fischer" || system == "absolute") return line(main_ms, 0);
  if (system == "byoyomi") return line(field(side, "period_ms"), 1);
  return line(field(side, "period_ms"), std::max(1LL, field(side, "stones", 1)));
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

std::chrono::milliseconds genmove_timeout(const Json& time, const Json& side, std::chrono::milliseconds cap,
                                          std::chrono::milliseconds margin) {
  const auto on_clock = time_on_clock_ms(time, side);
  if (!on_clock) return cap;
  // With almost nothing left a quick answer still beats losing on time, so
  // the wait never drops below a fraction of a second.
  const long long usable = std::max(*on_clock - margin.count(), std::min(*on_clock / 2, 300LL));
  return std::chrono::milliseconds(std::clamp(usable, 100LL, static_cast<long long>(cap.count())));
}

}  // namespace yunzi::bot
