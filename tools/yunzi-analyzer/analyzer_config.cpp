#include "tools/yunzi-analyzer/analyzer_config.hpp"

#include <algorithm>
#include <charconv>
#include <sstream>

namespace yunzi::analyzer {
namespace {

Expected<std::int64_t, std::string> integer(const std::string& flag, const std::string& text, std::int64_t low,
                                            std::int64_t high) {
  std::int64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < low || value > high) {
    return unexpected(flag + ": expected a whole number from " + std::to_string(low) + " to " + std::to_string(high));
  }
  return value;
}

std::vector<std::string> split_words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> words;
  for (std::string word; in >> word;) words.push_back(word);
  return words;
}

}  // namespace

std::string analyzer_usage() {
  return "usage: yunzi-analyzer --name NAME [--password-stdin | --password P] [--host H] [--port N]\n"
         "         [--engine-name NAME] [--engine \"PROGRAM ARGS\"] [--level N] [--visits N] [--seconds N]\n"
         "         [--poll-s N] [--report-every N] [--once]\n"
         "Reviews finished games for a yunzi server as the bot account NAME (tools/ANALYZER.md).\n";
}

Expected<AnalyzerConfig, std::string> parse_analyzer_flags(const std::vector<std::string>& args,
                                                           const std::function<const char*(const char*)>& environment,
                                                           const std::function<std::string()>& read_stdin_line) {
  AnalyzerConfig config;
  bool password_stdin = false;
  std::string engine_line;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& flag = args[i];
    if (flag == "--once") {
      config.once = true;
      continue;
    }
    if (flag == "--password-stdin") {
      password_stdin = true;
      continue;
    }
    if (i + 1 >= args.size()) return unexpected(flag + ": needs a value\n" + analyzer_usage());
    const std::string& value = args[++i];
    if (flag == "--host") {
      config.host = value;
    } else if (flag == "--port") {
      auto port = integer(flag, value, 1, 65535);
      if (!port) return unexpected(port.error());
      config.port = static_cast<std::uint16_t>(*port);
    } else if (flag == "--name") {
      config.name = value;
    } else if (flag == "--password") {
      config.password = value;
    } else if (flag == "--engine-name") {
      config.engine_name = value;
    } else if (flag == "--engine") {
      engine_line = value;
    } else if (flag == "--level" || flag == "--visits" || flag == "--seconds" || flag == "--poll-s" ||
               flag == "--report-every") {
      auto number = integer(flag, value, flag == "--poll-s" ? 0 : 1, 1'000'000);
      if (!number) return unexpected(number.error());
      if (flag == "--level") config.level = static_cast<int>(*number);
      if (flag == "--visits") config.analyst.visits = *number;
      if (flag == "--seconds") config.analyst.most_per_position = std::chrono::seconds(*number);
      if (flag == "--poll-s") config.poll = std::chrono::seconds(*number);
      if (flag == "--report-every") config.report_every = static_cast<std::size_t>(std::min<std::int64_t>(*number, 50));
    } else {
      return unexpected("unknown flag " + flag + "\n" + analyzer_usage());
    }
  }
  if (config.name.empty()) return unexpected("--name: the bot account to work as is required\n" + analyzer_usage());
  if (password_stdin) {
    config.password = read_stdin_line();
  } else if (config.password.empty()) {
    if (const char* from_env = environment("YUNZI_ANALYZER_PASSWORD")) config.password = from_env;
  }
  if (config.password.empty()) {
    return unexpected(std::string("no password: --password-stdin, --password or YUNZI_ANALYZER_PASSWORD"));
  }
  config.analyst.engine = engine_line.empty() ? std::vector<std::string>{"/usr/games/gnugo", "--mode", "gtp", "--level",
                                                                         std::to_string(config.level)}
                                              : split_words(engine_line);
  if (config.analyst.engine.empty()) return unexpected(std::string("--engine: names no program"));
  return config;
}

}  // namespace yunzi::analyzer
