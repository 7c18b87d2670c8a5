// Programs a test runs as child processes: started with arguments, extra
// environment and a standard input; their stdout and stderr either appended
// to a log file or captured; waited for with a timeout, signalled, killed and
// always reaped. A child dies with SIGKILL should the test process die first.
// run_program() runs one to its end and hands back exit code and output.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/expected.hpp"

namespace yunzi::test_support {

// A resource limit (setrlimit) the child starts with, soft and hard alike.
struct ResourceLimit {
  int resource = 0;  // RLIMIT_NOFILE, ...
  std::uint64_t value = 0;
};

struct ChildOptions {
  std::vector<std::pair<std::string, std::string>> env;  // added to the test's environment
  // The whole standard input, at most a pipe's buffer (64 KiB); empty: end of file at once.
  std::string stdin_text;
  // stdout and stderr appended to this file; without it both are captured (out(), err()).
  std::optional<std::filesystem::path> log;
  std::vector<ResourceLimit> limits;
};

// How a child ended: the status waitpid gave.
struct ExitStatus {
  int wait_status = 0;
  bool exited() const;           // by exit(), not by a signal
  int code() const;              // the exit code, -1 when it died of a signal
  std::string describe() const;  // "exit code 3", "signal 9"
};

class ChildProcess {
 public:
  ChildProcess() = default;
  ~ChildProcess();  // kills (SIGKILL) and reaps a child still running
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  // argv[0] is the program's path.
  Expected<Done, std::string> start(const std::vector<std::string>& argv, const ChildOptions& options = {});
  // The process id, -1 before the start and once the child was reaped.
  pid_t pid() const { return pid_; }
  bool running();

  // Waits for the child to end by itself: how it ended, nullopt while it
  // still runs at the timeout (it is left running).
  std::optional<ExitStatus> wait_for(std::chrono::milliseconds timeout);
  std::optional<ExitStatus> poll() { return wait_for(std::chrono::milliseconds(0)); }
  void signal(int signal);
  // The signal, then waits; after the timeout SIGKILL. How it ended,
  // nullopt when it had to be killed or was not running.
  std::optional<ExitStatus> stop(int signal, std::chrono::milliseconds timeout = std::chrono::seconds(20));
  // SIGKILL and reap, like a crash.
  void kill();

  // The next line of captured stdout (without '\n'); nullopt when none
  // came within the timeout or the output ended.
  std::optional<std::string> read_line(std::chrono::milliseconds timeout);
  // Captured output not taken by read_line yet.
  const std::string& out() const { return out_; }
  const std::string& err() const { return err_; }

 private:
  // Reads what the captured streams hold, waiting up to wait_ms for some.
  void pump(int wait_ms);
  void drain();
  void close_streams();
  std::optional<ExitStatus> reap(bool block);

  pid_t pid_ = -1;
  int out_fd_ = -1;
  int err_fd_ = -1;
  std::string out_;
  std::string err_;
};

struct ProgramRun {
  int exit_code = -1;  // -1 when it did not exit by itself (signal, timeout)
  std::string out;
  std::string err;
};

struct RunOptions {
  std::string stdin_text;
  std::vector<std::pair<std::string, std::string>> env;
  std::chrono::milliseconds timeout{60000};  // then it is killed
};

// Runs the program to its end, capturing both output streams.
ProgramRun run_program(const std::vector<std::string>& argv, const RunOptions& options = {});

// Pids of the live processes whose parent is `parent` and whose command name is `name`.
std::vector<pid_t> children_named(pid_t parent, const std::string& name);

}  // namespace yunzi::test_support
