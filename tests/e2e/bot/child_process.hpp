// A program run by a test as a child process: output (stdout and stderr)
// appended to a log file, killed with SIGKILL should the test process die
// first, stopped with a chosen signal and reaped. Also finds the children
// of a process by program name (the bot's engine processes).
#pragma once

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace yunzi::bot_e2e {

// What a child gets besides its arguments.
struct ChildInput {
  std::vector<std::pair<std::string, std::string>> env;  // added to the test's environment
  std::string stdin_text;                                 // its whole standard input
};

class ChildProcess {
 public:
  ChildProcess() = default;
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  // Starts argv[0] (a path) with the arguments; false when it could not be started.
  bool start(const std::vector<std::string>& argv, const std::filesystem::path& log, const ChildInput& input = {});
  // Waits for the child to exit by itself: its exit code, nullopt when it
  // was still running at the timeout or died of a signal.
  std::optional<int> wait_exit(std::chrono::milliseconds timeout);
  // Sends the signal and waits for the exit; the exit status (-1 when it
  // had to be killed after the timeout, or died of a signal).
  int stop(int signal, std::chrono::milliseconds timeout = std::chrono::seconds(20));
  bool running();
  pid_t pid() const { return pid_; }

 private:
  pid_t pid_ = -1;
};

// Pids of the live processes whose parent is `parent` and whose command name is `name`.
std::vector<pid_t> children_named(pid_t parent, const std::string& name);

std::string read_file(const std::filesystem::path& path);

}  // namespace yunzi::bot_e2e
