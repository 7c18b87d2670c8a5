#include "tools/yunzi-bot/bot_config.hpp"

#include <algorithm>

#include "core/time_control.hpp"

namespace yunzi::bot {

using Json = nlohmann::json;

namespace {

Expected<Done, std::string> fail(const std::string& key, const std::string& why) {
  return unexpected("'" + key + "': " + why);
}

Expected<Done, std::string> read_int(const Json& value, const std::string& key, int low, int high, int& out) {
  if (!value.is_number_integer()) return fail(key, "expected an integer");
  const auto number = value.get<std::int64_t>();
  if (number < low || number > high) {
    return fail(key, "expected an integer from " + std::to_string(low) + " to " + std::to_string(high));
  }
  out = static_cast<int>(number);
  return Done{};
}

Expected<Done, std::string> read_bool(const Json& value, const std::string& key, bool& out) {
  if (!value.is_boolean()) return fail(key, "expected true or false");
  out = value.get<bool>();
  return Done{};
}

Expected<Done, std::string> read_string(const Json& value, const std::string& key, std::string& out) {
  if (!value.is_string()) return fail(key, "expected a string");
  out = value.get<std::string>();
  return Done{};
}

Expected<Done, std::string> read_strings(const Json& value, const std::string& key, std::vector<std::string>& out) {
  if (!value.is_array()) return fail(key, "expected an array of strings");
  std::vector<std::string> items;
  for (const auto& item : value) {
    if (!item.is_string() || item.get<std::string>().empty())
      return fail(key, "expected an array of non-empty strings");
    items.push_back(item.get<std::string>());
  }
  out = std::move(items);
  return Done{};
}

Expected<Done, std::string> read_sizes(const Json& value, const std::string& key, std::vector<int>& out) {
  if (!value.is_array() || value.empty()) return fail(key, "expected a non-empty array of board sizes");
  std::vector<int> sizes;
  for (const auto& item : value) {
    if (!item.is_number_integer() || (item != 9 && item != 13 && item != 19))
      return fail(key, "board sizes are 9, 13 or 19");
    sizes.push_back(item.get<int>());
  }
  out = std::move(sizes);
  return Done{};
}

Expected<Done, std::string> read_clock_systems(const Json& value, const std::string& key,
                                               std::vector<std::string>& out) {
  std::vector<std::string> systems;
  if (auto ok = read_strings(value, key, systems); !ok) return ok;
  for (const auto& system : systems) {
    if (!parse_time_system(system)) return fail(key, "unknown clock system '" + system + "'");
  }
  out = std::move(systems);
  return Done{};
}

Expected<Done, std::string> read_seeks(const Json& value, const std::string& key, std::vector<Json>& out) {
  if (!value.is_array()) return fail(key, "expected an array of settings objects");
  for (const auto& item : value) {
    if (!item.is_object()) return fail(key, "every seek is a settings object");
  }
  out = value.get<std::vector<Json>>();
  return Done{};
}

Expected<Done, std::string> apply_key(BotConfig& c, const std::string& key, const Json& v) {
  if (key == "host") return read_string(v, key, c.host);
  if (key == "port") {
    int port = 0;
    if (auto ok = read_int(v, key, 1, 65535, port); !ok) return ok;
    c.port = static_cast<std::uint16_t>(port);
    return Done{};
  }
  if (key == "path") return read_string(v, key, c.path);
  if (key == "name") return read_string(v, key, c.name);
  if (key == "password") return read_string(v, key, c.password);
  if (key == "register") return read_bool(v, key, c.register_account);
  if (key == "rank") return read_string(v, key, c.rank);
  if (key == "engine") return read_strings(v, key, c.engine);
  if (key == "level") return read_int(v, key, 1, 10, c.level);
  if (key == "engine_clock") return read_bool(v, key, c.engine_clock);
  if (key == "max_genmove_s") return read_int(v, key, 1, 3600, c.max_genmove_s);
  if (key == "safety_margin_ms") return read_int(v, key, 0, 60000, c.safety_margin_ms);
  if (key == "weaken") return read_int(v, key, 0, 90, c.weaken);
  if (key == "strength") return read_string(v, key, c.strength);
  if (key == "sizes") return read_sizes(v, key, c.sizes);
  if (key == "clock_systems") return read_clock_systems(v, key, c.clock_systems);
  if (key == "min_main_s") return read_int(v, key, 0, 36000, c.min_main_s);
  if (key == "max_main_s") return read_int(v, key, 0, 36000, c.max_main_s);
  if (key == "min_seconds_per_move") return read_int(v, key, 0, 3600, c.min_seconds_per_move);
  if (key == "accept_rated") return read_bool(v, key, c.accept_rated);
  if (key == "accept_unrated") return read_bool(v, key, c.accept_unrated);
  if (key == "min_handicap") return read_int(v, key, 0, 9, c.min_handicap);
  if (key == "max_handicap") return read_int(v, key, 0, 9, c.max_handicap);
  if (key == "max_games") return read_int(v, key, 0, 100, c.max_games);
  if (key == "accept_seeks") return read_bool(v, key, c.accept_seeks);
  if (key == "accept_undo") return read_bool(v, key, c.accept_undo);
  if (key == "seeks") return read_seeks(v, key, c.seeks);
  if (key == "greeting") return read_string(v, key, c.greeting);
  if (key == "log_level") return read_string(v, key, c.log_level);
  if (key == "reconnect_max_ms") return read_int(v, key, 250, 600000, c.reconnect_max_ms);
  return fail(key, "unknown setting");
}

}  // namespace

bool is_gnu_go(const std::vector<std::string>& command) {
  if (command.empty()) return false;
  const std::string& program = command.front();
  const auto slash = program.find_last_of('/');
  const std::string base = slash == std::string::npos ? program : program.substr(slash + 1);
  return base.rfind("gnugo", 0) == 0;
}

std::vector<std::string> engine_command(const BotConfig& config, KoRule ko_rule) {
  std::vector<std::string> command = config.engine;
  if (command.empty()) {
    command = {"/usr/games/gnugo", "--mode", "gtp", "--chinese-rules", "--level", std::to_string(config.level)};
  }
  if (!is_gnu_go(command)) return command;
  // GNU Go takes its ko rule only on the command line; an explicit choice in
  // the configured command wins.
  const bool has_ko_option = std::any_of(command.begin(), command.end(), [](const std::string& arg) {
    return arg == "--simple-ko" || arg == "--no-ko" || arg == "--positional-superko" || arg == "--situational-superko";
  });
  if (!has_ko_option) {
    switch (ko_rule) {
      case KoRule::positional: command.push_back("--positional-superko"); break;
      case KoRule::situational: command.push_back("--situational-superko"); break;
      case KoRule::simple: command.push_back("--simple-ko"); break;
    }
  }
  return command;
}

Expected<Done, std::string> apply_json(BotConfig& config, const Json& object) {
  if (!object.is_object()) return unexpected(std::string("the configuration must be a JSON object"));
  for (const auto& [key, value] : object.items()) {
    if (auto ok = apply_key(config, key, value); !ok) return ok;
  }
  return Done{};
}

Expected<Done, std::string> validate(const BotConfig& config) {
  if (config.name.empty()) return unexpected(std::string("no account name: give --name or \"name\""));
  if (config.password.empty()) {
    return unexpected(
        std::string("no password: give --password-stdin, YUNZI_BOT_PASSWORD, --password or \"password\""));
  }
  if (config.min_main_s > config.max_main_s) return unexpected(std::string("min_main_s is above max_main_s"));
  if (config.min_handicap > config.max_handicap) return unexpected(std::string("min_handicap is above max_handicap"));
  if (config.host.empty()) return unexpected(std::string("the host is empty"));
  if (config.path.empty() || config.path.front() != '/') return unexpected(std::string("the path must start with '/'"));
  return Done{};
}

}  // namespace yunzi::bot
