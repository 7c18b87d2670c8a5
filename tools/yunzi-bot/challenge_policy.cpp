#include "tools/yunzi-bot/challenge_policy.hpp"

#include <algorithm>
#include <cmath>

#include "protocol/settings.hpp"

namespace yunzi::bot {

using Json = nlohmann::json;

namespace {

int int_field(const Json& object, const char* key, int fallback) {
  const auto it = object.find(key);
  return it != object.end() && it->is_number_integer() ? it->get<int>() : fallback;
}

// The least time the clock leaves for one move once main time is gone (or,
// for sudden death, a fair share of it).
double seconds_per_move(const TimeControl& time) {
  const double main_s = static_cast<double>(time.main_ms) / 1000;
  const double period_s = static_cast<double>(time.period_ms) / 1000;
  switch (time.system) {
    case TimeSystem::byoyomi: return period_s;
    case TimeSystem::canadian: return period_s / std::max(1, time.stones);
    case TimeSystem::fischer: return static_cast<double>(time.increment_ms) / 1000 + main_s / 60.0;
    case TimeSystem::absolute: return main_s / 60.0;
    case TimeSystem::none: break;
  }
  return 1e9;  // no clock
}

// "2.5 s", rounded up to a tenth so the figure is never optimistic.
std::string seconds_text(double seconds) {
  const long long tenths = static_cast<long long>(std::ceil(seconds * 10 - 1e-9));
  return std::to_string(tenths / 10) + (tenths % 10 ? "." + std::to_string(tenths % 10) : "") + " s";
}

}  // namespace

std::optional<std::string> refusal_reason(const BotConfig& config, const Json& settings, int games_in_progress,
                                          const EngineSpeed& speed) {
  if (!settings.is_object()) return "the settings are missing";
  if (games_in_progress >= config.max_games) {
    return "I am already playing " + std::to_string(games_in_progress) + " game(s), my limit";
  }
  const int size = int_field(settings, "size", 19);
  if (std::find(config.sizes.begin(), config.sizes.end(), size) == config.sizes.end()) {
    return "I do not play " + std::to_string(size) + "x" + std::to_string(size);
  }
  const bool rated = settings.value("rated", true);
  if (rated && !config.accept_rated) return "I play friendly games only";
  if (!rated && !config.accept_unrated) return "I play rated games only";
  const int handicap = int_field(settings, "handicap", 0);
  if (handicap < config.min_handicap || handicap > config.max_handicap) {
    return "I take handicaps from " + std::to_string(config.min_handicap) + " to " +
           std::to_string(config.max_handicap);
  }

  const auto time = protocol::decode_time_control(settings.value("time", Json()));
  if (!time) return "I cannot read the clock: " + time.error();
  const std::string system(to_string(time->system));
  if (std::find(config.clock_systems.begin(), config.clock_systems.end(), system) == config.clock_systems.end()) {
    return "I do not play with the " + system + " clock";
  }
  if (time->system != TimeSystem::none) {
    const auto main_s = time->main_ms / 1000;
    if (main_s < config.min_main_s || main_s > config.max_main_s) {
      return "main time must be from " + std::to_string(config.min_main_s) + " to " +
             std::to_string(config.max_main_s) + " s";
    }
    const double per_move = seconds_per_move(*time);
    if (per_move < config.min_seconds_per_move) {
      return "I need at least " + std::to_string(config.min_seconds_per_move) + " s per move";
    }
    if (const auto needed = speed.needed_per_move(size, std::chrono::milliseconds(config.safety_margin_ms));
        needed && per_move * 1000 < static_cast<double>(needed->count())) {
      return "my engine needs about " + seconds_text(needed->count() / 1000.0) + " per move on " +
             std::to_string(size) + "x" + std::to_string(size) + ", this clock gives " + seconds_text(per_move);
    }
  }
  return std::nullopt;
}

}  // namespace yunzi::bot
