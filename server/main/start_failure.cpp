#include "server/main/start_failure.hpp"

#include <cstdio>

#include <spdlog/spdlog.h>

namespace yunzi::server_main {

int refuse_start(const logging::LogOutput& log, const StartFailure& failure) {
  if (failure.plain) {
    std::fprintf(stderr, "yunzi-server: %s\n", failure.reason.c_str());
    return failure.exit_code;
  }
  spdlog::critical("not starting: {}", failure.reason);
  if (log.to_file()) std::fprintf(stderr, "yunzi-server: %s\n", failure.reason.c_str());
  return failure.exit_code;
}

}  // namespace yunzi::server_main
