#include "tools/yunzi-bot/self_description.hpp"

#include <algorithm>
#include <optional>

#include "protocol/text.hpp"

namespace yunzi::bot {
namespace {

// GNU Go's level as the command line sets it; nullopt for another engine.
std::optional<std::string> gnu_go_level(const BotConfig& config) {
  const std::vector<std::string> command = engine_command(config, KoRule::simple);
  if (!is_gnu_go(command)) return std::nullopt;
  std::string level = std::to_string(config.level);
  for (std::size_t i = 0; i + 1 < command.size(); ++i) {
    if (command[i] == "--level") level = command[i + 1];
  }
  return level;
}

// The engine's own name, or its program's file name when it gave none.
std::string engine_name_or_program(const BotConfig& config, const std::string& engine_name) {
  if (!engine_name.empty()) return engine_name;
  const std::string program = engine_command(config, KoRule::simple).front();
  return program.substr(program.find_last_of('/') + 1);
}

}  // namespace

std::string greeting_for(const BotConfig& config, const std::string& engine_name) {
  if (!config.greeting.empty()) return config.greeting;
  const std::string name = engine_name_or_program(config, engine_name);
  const auto level = gnu_go_level(config);
  return name + (level ? " level " + *level : "") + " here, good game";
}

std::string strength_for(const BotConfig& config) {
  if (!config.strength.empty()) return config.strength;
  std::string text;
  if (const auto level = gnu_go_level(config)) text = "level " + *level;
  if (config.weaken > 0) text += (text.empty() ? "" : ", ") + std::to_string(config.weaken) + "% loose moves";
  return text;
}

nlohmann::json offer_for(const BotConfig& config, const EngineProfile& engine) {
  const auto margin = std::chrono::milliseconds(config.safety_margin_ms);
  int seconds = config.min_seconds_per_move;
  for (const int size : config.sizes) {
    if (const auto needed = engine.speed.needed_per_move(size, margin)) {
      seconds = std::max(seconds, static_cast<int>((needed->count() + 999) / 1000));
    }
  }
  // Within the server's limits, in characters: a byte cut could split one and make the frame invalid.
  const std::string name = protocol::first_code_points(engine_name_or_program(config, engine.name), 60);
  const std::string strength = protocol::first_code_points(strength_for(config), 120);
  return {{"engine", name},
          {"strength", strength},
          {"sizes", config.sizes},
          {"rated", config.accept_rated},
          {"unrated", config.accept_unrated},
          {"min_handicap", config.min_handicap},
          {"max_handicap", config.max_handicap},
          {"clocks", config.clock_systems},
          {"seconds_per_move", std::min(seconds, 3600)},
          {"min_main_s", config.min_main_s},
          {"max_main_s", config.max_main_s},
          {"max_games", std::max(config.max_games, 1)}};
}

}  // namespace yunzi::bot
