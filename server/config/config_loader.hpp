// Builds the ServerConfig from its sources, each overriding the one before:
// built-in defaults < JSON config file (--config FILE, or YUNZI_CONFIG) <
// environment variables (YUNZI_PORT, ...) < command-line flags (--port 8080
// or --port=8080). Every mistake comes back as a ConfigError whose message
// names the source and the setting; the caller prints it and exits 2.
#pragma once

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "core/expected.hpp"
#include "server/config/server_config.hpp"

namespace yunzi::config {

enum class ConfigErrorKind : std::uint8_t {
  unknown_flag,         // --prot
  missing_value,        // --port at the end of the line
  unexpected_argument,  // a word that is not a flag
  bad_value,            // a value a setting cannot take, from any source
  unreadable_file,      // the config file cannot be read
  malformed_file,       // not JSON, or not a JSON object
  unknown_key,          // a key in the file that names no setting
};

struct ConfigError {
  ConfigErrorKind kind;
  std::string message;
};

struct LoadedConfig {
  ServerConfig config;
  bool help_requested = false;  // --help or -h: print help_text() and exit 0
};

// Looks up one environment variable; nullopt when it is not set.
using EnvLookup = std::function<std::optional<std::string>(std::string_view name)>;

// args are the words after the program name.
Expected<LoadedConfig, ConfigError> load_config(std::span<const std::string> args, const EnvLookup& env);

// From main(): argv and the process environment.
Expected<LoadedConfig, ConfigError> load_config(int argc, const char* const* argv);
EnvLookup process_environment();

// Every flag with its environment variable, default and meaning.
std::string help_text(std::string_view program);

}  // namespace yunzi::config
