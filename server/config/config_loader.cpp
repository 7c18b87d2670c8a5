#include "server/config/config_loader.hpp"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/config/settings.hpp"
#include "server/config/value_parsers.hpp"

namespace yunzi::config {
namespace {

using Failure = Unexpected<ConfigError>;

Failure fail(ConfigErrorKind kind, std::string message) { return unexpected(ConfigError{kind, std::move(message)}); }

struct FlagValue {
  const Setting* setting;
  std::string value;
};

// What the command line asked for, before any value is applied.
struct CommandLine {
  bool help = false;
  std::optional<std::string> config_file;
  std::vector<FlagValue> values;
};

Expected<CommandLine, ConfigError> read_command_line(std::span<const std::string> args) {
  CommandLine line;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "--help" || arg == "-h") {
      line.help = true;
      continue;
    }
    if (arg.rfind("--", 0) != 0) {
      return fail(ConfigErrorKind::unexpected_argument,
                  "unexpected argument \"" + arg + "\" (settings are given as --name value; see --help)");
    }
    const auto equals = arg.find('=');
    const std::string flag = arg.substr(0, equals);
    const Setting* setting = find_setting_by_flag(flag);
    if (!setting && flag != config_flag) {
      return fail(ConfigErrorKind::unknown_flag, "unknown flag " + flag + " (see --help for the list)");
    }
    std::string value;
    if (equals != std::string::npos) {
      value = arg.substr(equals + 1);
    } else if (setting && setting->kind == ValueKind::boolean) {
      // A bare boolean flag switches the setting on; a following true/false word is its value.
      if (i + 1 < args.size() && parse_bool(args[i + 1]).has_value()) {
        value = args[++i];
      } else {
        value = "true";
      }
    } else if (i + 1 < args.size() && args[i + 1].rfind("--", 0) != 0) {
      value = args[++i];
    } else {
      return fail(ConfigErrorKind::missing_value, flag + " needs a value (see --help)");
    }
    if (setting) {
      line.values.push_back({setting, std::move(value)});
    } else {
      line.config_file = std::move(value);
    }
  }
  return line;
}

Expected<Done, ConfigError> apply(ServerConfig& config, const Setting& setting, std::string_view text,
                                  const std::string& source) {
  if (auto ok = setting.apply(config, text); !ok) {
    return fail(ConfigErrorKind::bad_value, source + ": " + ok.error());
  }
  return Done{};
}

Expected<std::string, ConfigError> read_file(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    return fail(ConfigErrorKind::unreadable_file, "config file " + path + ": is a directory");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    return fail(ConfigErrorKind::unreadable_file, "config file " + path + ": cannot be read: " + std::strerror(errno));
  }
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return fail(ConfigErrorKind::unreadable_file, "config file " + path + ": read error");
  return text.str();
}

// The file's JSON value as the text a flag would carry, once its JSON type
// is the one the setting takes.
std::optional<std::string> json_as_text(const nlohmann::json& value, ValueKind kind) {
  switch (kind) {
    case ValueKind::text:
      if (value.is_string()) return value.get<std::string>();
      return std::nullopt;
    case ValueKind::integer:
      if (value.is_number_integer()) return value.dump();
      return std::nullopt;
    case ValueKind::boolean:
      if (value.is_boolean()) return value.get<bool>() ? "true" : "false";
      return std::nullopt;
    case ValueKind::list: {
      if (!value.is_array()) return std::nullopt;
      std::string joined;
      for (const auto& item : value) {
        // A comma inside one item would read as two.
        if (!item.is_string() || item.get<std::string>().find(',') != std::string::npos) return std::nullopt;
        if (!joined.empty()) joined += ',';
        joined += item.get<std::string>();
      }
      return joined;
    }
  }
  return std::nullopt;
}

std::string_view json_kind_name(ValueKind kind) {
  switch (kind) {
    case ValueKind::text: return "a string";
    case ValueKind::integer: return "a whole number";
    case ValueKind::boolean: return "true or false";
    case ValueKind::list: return "an array of strings";
  }
  return "a value";
}

Expected<Done, ConfigError> apply_file(ServerConfig& config, const std::string& path) {
  auto text = read_file(path);
  if (!text) return unexpected(text.error());
  nlohmann::json document;
  try {
    document = nlohmann::json::parse(*text);
  } catch (const nlohmann::json::parse_error& error) {
    return fail(ConfigErrorKind::malformed_file,
                "config file " + path + ": not valid JSON (at byte " + std::to_string(error.byte) + ")");
  }
  if (!document.is_object()) {
    return fail(ConfigErrorKind::malformed_file, "config file " + path + ": must hold one JSON object of settings");
  }
  for (const auto& [key, value] : document.items()) {
    const std::string where = "config file " + path + ", key \"" + key + "\"";
    const Setting* setting = find_setting_by_key(key);
    if (!setting) return fail(ConfigErrorKind::unknown_key, where + ": no such setting (see --help)");
    const auto as_text = json_as_text(value, setting->kind);
    if (!as_text) {
      return fail(ConfigErrorKind::bad_value,
                  where + ": expected " + std::string(json_kind_name(setting->kind)) + ", got " + value.dump());
    }
    if (auto ok = apply(config, *setting, *as_text, where); !ok) return ok;
  }
  return Done{};
}

}  // namespace

Expected<LoadedConfig, ConfigError> load_config(std::span<const std::string> args, const EnvLookup& env) {
  auto line = read_command_line(args);
  if (!line) return unexpected(line.error());
  LoadedConfig loaded;
  if (line->help) {
    loaded.help_requested = true;
    return loaded;
  }

  ServerConfig& config = loaded.config;
  const auto config_file = line->config_file ? line->config_file : env(config_env);
  if (config_file) {
    if (auto ok = apply_file(config, *config_file); !ok) return unexpected(ok.error());
  }
  for (const Setting& setting : all_settings()) {
    const std::string name = env_name(setting);
    if (const auto value = env(name)) {
      if (auto ok = apply(config, setting, *value, "environment " + name); !ok) return unexpected(ok.error());
    }
  }
  for (const auto& [setting, value] : line->values) {
    if (auto ok = apply(config, *setting, value, flag_name(*setting)); !ok) return unexpected(ok.error());
  }
  return loaded;
}

EnvLookup process_environment() {
  return [](std::string_view name) -> std::optional<std::string> {
    const char* value = std::getenv(std::string(name).c_str());
    if (value == nullptr) return std::nullopt;
    return std::string(value);
  };
}

Expected<LoadedConfig, ConfigError> load_config(int argc, const char* const* argv) {
  std::vector<std::string> args;
  for (int i = 1; i < argc; ++i) args.emplace_back(argv[i]);
  return load_config(args, process_environment());
}

}  // namespace yunzi::config
