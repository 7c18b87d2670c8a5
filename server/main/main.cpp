// yunzi-server: reads the configuration, opens the database, restores the games in progress and serves until
// SIGTERM or SIGINT; SIGHUP reopens the log file. The signals and exit codes are in server/main/README.md,
// "Running it".
#include <cstdio>

#include <spdlog/spdlog.h>

#include "server/logging/log_output.hpp"
#include "server/main/command_line.hpp"
#include "server/main/signals.hpp"
#include "server/main/start_failure.hpp"
#include "server/main/yunzi_server.hpp"

int main(int argc, char** argv) {
  using namespace yunzi;
  using namespace yunzi::server_main;
  const sigset_t stop_signals = block_signals();

  auto settings = read_settings(argc, argv);
  if (!settings) return settings.error();
  auto log = logging::LogOutput::install(settings->config.log);
  if (!log) {
    std::fprintf(stderr, "yunzi-server: %s\n", log.error().c_str());
    return exit_bad_config;
  }

  auto server = YunziServer::build(settings->config);
  if (!server) return refuse_start(*log, server.error());
  auto port = (*server)->start();
  if (!port) return refuse_start(*log, port.error());
  if (settings->port_file && !write_port_file(*settings->port_file, *port)) {
    return refuse_start(*log, StartFailure{exit_listen, "cannot write the port file " + *settings->port_file});
  }

  wait_for_stop(stop_signals, *log);
  (*server)->stop();
  spdlog::info("stopped cleanly");
  return 0;
}
