// The real yunzi-server executable as a child process: started on
// 127.0.0.1 with `--port 0 --port-file` on a data directory of its own
// (and, when YUNZI_TEST_POSTGRES is set, a PostgreSQL schema of its own),
// ready once the port file names the bound port; stopped with SIGTERM (its
// exit code is the result) or killed with SIGKILL, and started again on the
// same data directory. Its stdout and stderr go to a log file that failing
// tests print (see failure_log_listener.cpp).
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <sys/types.h>

#include "core/expected.hpp"
#include "tests/support/child_process.hpp"

namespace yunzi::e2e {

struct ServerOptions {
  // Flags added after the harness's own (a later flag wins).
  std::vector<std::string> extra_args;
  // Most tests play faster than a person; they lift the request rate limit
  // so that only the flood test meets it.
  bool default_rate_limit = false;
  // Set in the child before it runs the server.
  std::vector<test_support::ResourceLimit> limits{};
  // The database to use instead of a fresh one (the nodes of a cluster share one).
  std::optional<std::string> database{};
};

class ServerProcess {
 public:
  // Everything lives under work_dir: data/ (the server's data directory),
  // server.log, port.
  explicit ServerProcess(std::filesystem::path work_dir, ServerOptions options = {});
  ~ServerProcess();  // kills a server still running
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;

  // Starts the binary and waits until its port file appears.
  Expected<Done, std::string> start(std::chrono::milliseconds timeout = std::chrono::seconds(60));
  // SIGTERM, then waits for the exit; the result is the exit code (an error
  // when it died of a signal or did not exit in time, then it is killed).
  Expected<int, std::string> stop(std::chrono::milliseconds timeout = std::chrono::seconds(30));
  // The two halves of stop(), for tests that watch clients meanwhile.
  void terminate();
  Expected<int, std::string> wait_exit(std::chrono::milliseconds timeout = std::chrono::seconds(30));
  // SIGKILL and reap, like a crash.
  void kill();
  // Any other signal to the running server (SIGHUP); nothing when it is not running.
  void send_signal(int signal);
  bool running() const { return child_.pid() > 0; }
  // The running server's process id (for prlimit), -1 when not running.
  pid_t pid() const { return child_.pid(); }

  std::uint16_t port() const { return port_; }
  const std::filesystem::path& data_dir() const { return data_dir_; }
  // The server's --database under tests/support/with-postgres, else nothing (the SQLite file in data_dir()).
  const std::optional<std::string>& database_url() const { return database_url_; }
  const std::filesystem::path& log_path() const { return log_path_; }
  const ServerOptions& options() const { return options_; }
  std::string log_text() const;
  std::string log_tail(std::size_t lines) const;

 private:
  std::vector<std::string> arguments() const;

  std::filesystem::path work_dir_, data_dir_, log_path_, port_path_;
  // Under tests/support/with-postgres: a schema of the test server's own,
  // kept across restarts; otherwise the SQLite file in data_dir_.
  std::optional<std::string> database_url_;
  ServerOptions options_;
  test_support::ChildProcess child_;
  std::uint16_t port_ = 0;
};

// Servers alive right now, for the failure listener.
std::vector<const ServerProcess*> live_servers();

}  // namespace yunzi::e2e
