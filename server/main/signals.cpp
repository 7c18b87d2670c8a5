#include "server/main/signals.hpp"

#include <spdlog/spdlog.h>

namespace yunzi::server_main {
namespace {

void on_sighup(logging::LogOutput& log) {
  if (!log.to_file()) {
    spdlog::info("signal SIGHUP: logs go to standard error, nothing to reopen; other settings are read at start only");
    return;
  }
  // The last line of the old file, then the first of the new one.
  spdlog::info("signal SIGHUP: reopening the log file path={}", log.file_path());
  if (auto reopened = log.reopen(); !reopened) {
    spdlog::error("log file not reopened, still writing to the old one: {}", reopened.error());
    return;
  }
  spdlog::info("log file reopened path={}", log.file_path());
}

}  // namespace

sigset_t block_signals() {
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGTERM);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGHUP);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  signal(SIGPIPE, SIG_IGN);
  // Over a file size limit (RLIMIT_FSIZE) a write fails with EFBIG like on a
  // full disk, and the database writer reports it, instead of the process
  // dying of SIGXFSZ in the middle of a commit.
  signal(SIGXFSZ, SIG_IGN);
  return signals;
}

void wait_for_stop(const sigset_t& signals, logging::LogOutput& log) {
  for (;;) {
    int received = 0;
    if (sigwait(&signals, &received) != 0) continue;
    if (received == SIGHUP) {
      on_sighup(log);
      continue;
    }
    spdlog::info("signal {}: shutting down", received == SIGTERM ? "SIGTERM" : "SIGINT");
    return;
  }
}

}  // namespace yunzi::server_main
