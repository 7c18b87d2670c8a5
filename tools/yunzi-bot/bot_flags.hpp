// yunzi-bot's command line: `--config FILE` (a JSON object with the keys of
// BotConfig), then flags that override it, each named after its key with
// dashes (`--max-games 3`, `--max-games=3`). Lists are comma-separated
// (`--sizes 9,13`), `--engine` is one command line split on spaces,
// `--seek` takes a settings object in JSON and may be repeated, a boolean
// flag alone means true.
//
// The password, kept out of `ps` and of files when wanted: `--password` or
// the file's "password"; `--password-stdin` reads the first line of
// standard input; without either, the environment variable
// YUNZI_BOT_PASSWORD.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/expected.hpp"
#include "tools/yunzi-bot/bot_config.hpp"

namespace yunzi::bot {

struct CommandLine {
  BotConfig config;
  bool help = false;
};

struct PasswordSources {
  std::optional<std::string> environment;  // YUNZI_BOT_PASSWORD
  // The first line of standard input, read only when --password-stdin asks.
  std::function<std::optional<std::string>()> standard_input;
};

Expected<CommandLine, std::string> parse_command_line(const std::vector<std::string>& args,
                                                      const PasswordSources& passwords = {});

std::string help_text(const std::string& program);

}  // namespace yunzi::bot
