#include "tests/e2e/loadgen/baseline_process.hpp"

#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <string>

#ifndef YUNZI_BASELINE_PATH
#error "YUNZI_BASELINE_PATH must name the yunzi_bench_ws_baseline executable"
#endif

namespace yunzi::loadgen::testing {

Expected<Done, std::string> BaselineProcess::start(int threads) {
  int out[2];
  if (pipe(out) != 0) return unexpected(std::string("pipe failed"));
  const std::string thread_text = std::to_string(threads);
  pid_ = fork();
  if (pid_ < 0) return unexpected(std::string("fork failed"));
  if (pid_ == 0) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);  // never outlive a crashed test
    dup2(out[1], STDOUT_FILENO);
    close(out[0]);
    close(out[1]);
    execl(YUNZI_BASELINE_PATH, YUNZI_BASELINE_PATH, "--port", "0", "--threads", thread_text.c_str(),
          static_cast<char*>(nullptr));
    _exit(127);
  }
  close(out[1]);
  FILE* from_child = fdopen(out[0], "r");
  char line[256] = {};
  const bool got_line = from_child && std::fgets(line, sizeof line, from_child);
  if (from_child) std::fclose(from_child);
  unsigned port = 0;
  if (!got_line || std::sscanf(line, "listening on port %u", &port) != 1 || port == 0 || port > 65535) {
    return unexpected("the baseline server did not start: '" + std::string(line) + "'");
  }
  port_ = static_cast<std::uint16_t>(port);
  return Done{};
}

BaselineProcess::~BaselineProcess() {
  if (pid_ <= 0) return;
  kill(pid_, SIGTERM);
  int status = 0;
  waitpid(pid_, &status, 0);
}

}  // namespace yunzi::loadgen::testing
