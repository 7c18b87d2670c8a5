// --help: generated from the settings table so it can never miss a flag.
#include <string>

#include "server/config/config_loader.hpp"
#include "server/config/settings.hpp"

namespace yunzi::config {
namespace {

std::string pad(std::string text, std::size_t width) {
  if (text.size() < width) text.append(width - text.size(), ' ');
  return text + " ";
}

void add_entry(std::string& out, const std::string& flag, const std::string& env, const std::string& default_text,
               std::string_view help) {
  std::string line = "  " + pad(flag, 34) + pad(env, 30) + default_text;
  line.erase(line.find_last_not_of(' ') + 1);
  out += line + "\n";
  out += "      " + std::string(help) + "\n";
}

}  // namespace

std::string help_text(std::string_view program) {
  std::string out = "Usage: " + std::string(program) + " [--config FILE] [--FLAG VALUE]...\n\n";
  out +=
      "Each setting can come from, in increasing priority: its default, the JSON\n"
      "config file (keyed by the flag's name without the dashes, _ for -: \"data_dir\"),\n"
      "the environment, and the command line (--flag value or --flag=value; a\n"
      "boolean flag given alone means true). Invalid settings stop the server (exit 2).\n\n";
  out += "  " + pad("flag", 34) + pad("environment", 30) + "default\n";
  add_entry(out, std::string(config_flag) + " FILE", std::string(config_env), "(none)",
            "JSON object of settings, keyed like \"data_dir\"");
  const ServerConfig defaults;
  for (const Setting& setting : all_settings()) {
    const std::string shown = setting.show(defaults);
    add_entry(out, flag_name(setting) + " " + std::string(setting.metavar), env_name(setting),
              shown.empty() ? "(none)" : shown, setting.help);
  }
  add_entry(out, "--help, -h", "", "", "print this help and exit");
  return out;
}

}  // namespace yunzi::config
