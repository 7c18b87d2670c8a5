// yunzi-bot's command line: `--config FILE` (a JSON object of BotConfig's keys), then flags that override it, each
// named after its key with dashes (`--max-games 3`, `--max-games=3`). The password may come from standard input or
// the environment, to keep it out of `ps` and of files (tools/BOT.md, "Setting up" and "Flags and config file").
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
