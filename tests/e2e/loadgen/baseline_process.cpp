#include "tests/e2e/loadgen/baseline_process.hpp"

#include <signal.h>

#include <cstdio>
#include <string>

#include "tests/support/programs.hpp"

namespace yunzi::loadgen::testing {

Expected<Done, std::string> BaselineProcess::start(int threads, const std::vector<std::string>& extra_arguments) {
  std::vector<std::string> arguments = {test_support::ws_baseline_path(), "--port", "0", "--threads",
                                        std::to_string(threads)};
  arguments.insert(arguments.end(), extra_arguments.begin(), extra_arguments.end());
  auto started = child_.start(arguments);
  if (!started) return unexpected(started.error());
  const std::string line = child_.read_line(std::chrono::seconds(30)).value_or("");
  unsigned port = 0;
  if (std::sscanf(line.c_str(), "listening on port %u", &port) != 1 || port == 0 || port > 65535) {
    return unexpected("the baseline server did not start: '" + line + "'");
  }
  port_ = static_cast<std::uint16_t>(port);
  return Done{};
}

BaselineProcess::~BaselineProcess() { child_.stop(SIGTERM, std::chrono::seconds(30)); }

}  // namespace yunzi::loadgen::testing
