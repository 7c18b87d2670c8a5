// What one yunzi-analyzer process is: the server and the bot account it
// works as, the engine name it claims reviews by (the server's
// analysis_engine), and the GTP engine it runs with its effort. From flags
// and the environment; every mistake is an error naming the flag.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/expected.hpp"
#include "tools/yunzi-analyzer/engine_analyst.hpp"

namespace yunzi::analyzer {

struct AnalyzerConfig {
  std::string host = "127.0.0.1";
  std::uint16_t port = 8080;
  std::string name;
  std::string password;
  std::string engine_name = "gnugo";
  AnalystSettings analyst;
  int level = 8;  // GNU Go's, when no --engine is given
  std::chrono::milliseconds poll{5000};
  std::size_t report_every = 10;  // positions a report carries at most
  bool once = false;              // exit when the queue is empty
};

// argv without the program name; `environment` looks up YUNZI_ANALYZER_PASSWORD;
// `read_stdin_line` gives the first line of standard input for --password-stdin.
Expected<AnalyzerConfig, std::string> parse_analyzer_flags(const std::vector<std::string>& args,
                                                           const std::function<const char*(const char*)>& environment,
                                                           const std::function<std::string()>& read_stdin_line);

std::string analyzer_usage();

}  // namespace yunzi::analyzer
