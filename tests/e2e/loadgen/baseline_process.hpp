// yunzi_bench_ws_baseline as a child process for the load generator's
// tests: started on a free port (read back from its first line of output),
// stopped with SIGTERM when the object goes away.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <string>
#include <vector>

#include "core/expected.hpp"
#include "tests/support/child_process.hpp"

namespace yunzi::loadgen::testing {

class BaselineProcess {
 public:
  BaselineProcess() = default;
  ~BaselineProcess();
  BaselineProcess(const BaselineProcess&) = delete;
  BaselineProcess& operator=(const BaselineProcess&) = delete;

  // extra_arguments: more of the server's flags (`--commit FILE`).
  Expected<Done, std::string> start(int threads, const std::vector<std::string>& extra_arguments = {});
  std::uint16_t port() const { return port_; }
  pid_t pid() const { return child_.pid(); }

 private:
  test_support::ChildProcess child_;
  std::uint16_t port_ = 0;
};

}  // namespace yunzi::loadgen::testing
