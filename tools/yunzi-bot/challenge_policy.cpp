#include "tools/yunzi-bot/challenge_policy.hpp"

#include <algorithm>

namespace yunzi::bot {

using Json = nlohmann::json;

namespace {

int int_field(const Json& object, const char* key, int fallback) {
  const auto it = object.find(key);
  return it != object.end() && it->is_number_integer() ? it->get<int>() : fallback;
}

// The least time the clock leaves for one move once main time is gone (or,
// for sudden death, a fair share of it).
double seconds_per_move(const Json& time) {
  const std::string system = time.value("system", std::string("byoyomi"));
  const int main_s = int_field(time, "main_s", 0);
  if (system == "byoyomi") return int_field(time, "period_s", 30);
  if (system == "canadian") return static_cast<double>(int_field(time, "period_s", 300)) / std::max(1, int_field(time, "stones", 25));
  if (system == "fischer") return int_field(time, "increment_s", 0) + main_s / 60.0;
  if (system == "absolute") return main_s / 60.0;
  return 1e9;  // no clock
}

}  // namespace

std::optional<std::string> refusal_reason(const BotConfig& config, const Json& settings, int games_in_progress) {
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
    return "I take handicaps from " + std::to_string(config.min_handicap) + " to " + std::to_string(config.max_handicap);
  }

  const Json time = settings.contains("time") && settings["time"].is_object() ? settings["time"] : Json::object();
  const std::string system = time.value("system", std::string("byoyomi"));
  if (std::find(config.clock_systems.begin(), config.clock_systems.end(), system) == config.clock_systems.end()) {
    return "I do not play with the " + system + " clock";
  }
  if (system != "none") {
    const int main_s = int_field(time, "main_s", 0);
    if (main_s < config.min_main_s || main_s > config.max_main_s) {
      return "main time must be from " + std::to_string(config.min_main_s) + " to " + std::to_string(config.max_main_s) + " s";
    }
    if (seconds_per_move(time) < config.min_seconds_per_move) {
      return "I need at least " + std::to_string(config.min_seconds_per_move) + " s per move";
    }
  }
  return std::nullopt;
}

}  // namespace yunzi::bot
