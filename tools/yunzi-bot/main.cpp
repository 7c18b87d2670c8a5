// yunzi-bot: a GTP engine as a player on a yunzi server. See tools/BOT.md.
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <atomic>
#include <csignal>
#include <cstdlib>
#include <iostream>

#include "tools/yunzi-bot/bot.hpp"
#include "tools/yunzi-bot/bot_flags.hpp"

namespace {

std::atomic<bool> stop_requested{false};

extern "C" void on_stop_signal(int) { stop_requested = true; }

}  // namespace

int main(int argc, char** argv) {
  using namespace yunzi::bot;
  const std::vector<std::string> args(argv + 1, argv + argc);
  PasswordSources passwords;
  if (const char* password = std::getenv("YUNZI_BOT_PASSWORD")) passwords.environment = password;
  passwords.standard_input = []() -> std::optional<std::string> {
    std::string line;
    if (!std::getline(std::cin, line)) return std::nullopt;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    return line;
  };
  auto command_line = parse_command_line(args, passwords);
  if (!command_line) {
    std::cerr << "yunzi-bot: " << command_line.error() << "\n(see --help)\n";
    return 2;
  }
  if (command_line->help) {
    std::cout << help_text(argv[0]);
    return 0;
  }
  const BotConfig& config = command_line->config;
  const auto level = spdlog::level::from_str(config.log_level);
  if (level == spdlog::level::off && config.log_level != "off") {
    std::cerr << "yunzi-bot: unknown log level '" << config.log_level << "'\n";
    return 2;
  }
  // Logs go to stderr so that a supervisor or a test can collect them.
  spdlog::set_default_logger(spdlog::stderr_color_mt("yunzi-bot"));
  spdlog::set_level(level);
  spdlog::flush_on(spdlog::level::trace);

  std::signal(SIGPIPE, SIG_IGN);
  std::signal(SIGTERM, on_stop_signal);
  std::signal(SIGINT, on_stop_signal);

  spdlog::info("yunzi-bot {} at {}:{}", config.name, config.host, config.port);
  // Before going online: a bot whose engine does not run would accept
  // games only to resign them.
  auto engine = check_engine(config);
  if (!engine) {
    spdlog::critical("not going online: {}", engine.error());
    return 3;
  }
  Bot bot(config, std::move(*engine));
  const int code = bot.run(stop_requested);
  spdlog::info("yunzi-bot stopped");
  return code;
}
