// A real nats-server for the cluster bus's tests: listens on a loopback
// port of its own, keeps its log in a temporary directory, and can be
// stopped and started again on the same port, as when NATS restarts under
// a running node. Not started until start(), so a test can run a bus
// before NATS is up.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

#include "core/expected.hpp"
#include "tests/support/child_process.hpp"
#include "tests/support/temp_dir.hpp"

namespace yunzi::test_support {

class NatsServer {
 public:
  // Picks a free port (a listener bound to port 0 and closed).
  NatsServer();
  ~NatsServer();  // kills a server still running
  NatsServer(const NatsServer&) = delete;
  NatsServer& operator=(const NatsServer&) = delete;

  // Returns once the port accepts connections.
  Expected<Done, std::string> start(std::chrono::milliseconds timeout = std::chrono::seconds(10));
  // SIGTERM, the way an operator stops it: its clients see the connection close.
  void stop();
  // SIGKILL, like a crash.
  void kill();
  bool running() { return child_.running(); }

  std::uint16_t port() const { return port_; }
  std::string url() const;  // nats://127.0.0.1:<port>
  // The end of its log, for failure messages.
  std::string log_tail() const;

 private:
  TempDir dir_;
  ChildProcess child_;
  std::uint16_t port_ = 0;
};

}  // namespace yunzi::test_support
