// yunzi-analyzer: reviews finished games for a yunzi server with a GTP
// engine, as a bot account (tools/ANALYZER.md).
#include <spdlog/spdlog.h>

#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "tools/yunzi-analyzer/analyzer_config.hpp"
#include "tools/yunzi-analyzer/review_worker.hpp"

int main(int argc, char** argv) {
  spdlog::set_pattern("[%Y-%m-%d %H:%M:%S.%e] [yunzi-analyzer] [%l] %v");
  const std::vector<std::string> args(argv + 1, argv + argc);
  for (const std::string& arg : args) {
    if (arg == "--help" || arg == "-h") {
      std::cout << yunzi::analyzer::analyzer_usage();
      return 0;
    }
  }
  auto config = yunzi::analyzer::parse_analyzer_flags(
      args, [](const char* name) { return std::getenv(name); },
      [] {
        std::string line;
        std::getline(std::cin, line);
        return line;
      });
  if (!config) {
    std::cerr << config.error() << "\n";
    return 2;
  }
  return yunzi::analyzer::run_review_worker(*config);
}
