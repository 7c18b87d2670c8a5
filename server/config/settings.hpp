// The table of server settings: each one's key in the JSON config file,
// its command-line flag and environment variable (both derived from the key:
// "data_dir" is --data-dir and YUNZI_DATA_DIR), what it means, and how to
// read it from text. The loader, the help text and the tests all walk this
// one table, so a setting added here is reachable from every source.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "core/expected.hpp"
#include "server/config/server_config.hpp"

namespace yunzi::config {

// The JSON type a setting takes in the config file. A list is an array of
// strings in the file and comma-separated text in flags and variables.
enum class ValueKind : std::uint8_t { text, integer, boolean, list };

struct Setting {
  std::string_view key;
  std::string_view metavar;  // the value's placeholder in --help ("N", "DIR")
  ValueKind kind;
  std::string_view help;
  std::string (*show)(const ServerConfig&);  // the current value, as it would be written
  Expected<Done, std::string> (*apply)(ServerConfig&, std::string_view text);
};

std::span<const Setting> all_settings();
std::string flag_name(const Setting& setting);  // "--data-dir"
std::string env_name(const Setting& setting);   // "YUNZI_DATA_DIR"

const Setting* find_setting_by_key(std::string_view key);
const Setting* find_setting_by_flag(std::string_view flag);

// The config file's own flag and variable, outside the table because they
// say where settings come from rather than being one.
inline constexpr std::string_view config_flag = "--config";
inline constexpr std::string_view config_env = "YUNZI_CONFIG";

}  // namespace yunzi::config
