// Why yunzi-server stops before it serves: the exit code (README.md, "Exit
// codes") and the reason, and how the reason is told.
#pragma once

#include <string>

#include "server/logging/log_output.hpp"

namespace yunzi::server_main {

inline constexpr int exit_bad_config = 2;
inline constexpr int exit_database = 3;
inline constexpr int exit_listen = 4;

struct StartFailure {
  int exit_code = exit_bad_config;
  std::string reason;
  // Told on standard error alone ("yunzi-server: reason"), without the log's
  // `critical` line.
  bool plain = false;
};

// The reason goes to the log, and to standard error as well when the log is a
// file, so that the journal (or whoever started the server) sees it too; a
// plain failure goes to standard error only. Returns the exit code.
int refuse_start(const logging::LogOutput& log, const StartFailure& failure);

}  // namespace yunzi::server_main
