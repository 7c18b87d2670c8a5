// GtpProcess runs any GTP engine (GNU Go, yunzi-gtp, ...) as a child process
// and talks to it one command at a time: send a command, wait (with a
// timeout) for its response, get the text or an error value. The child is
// killed and reaped when the object goes away. POSIX only, no server code.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.hpp"

namespace yunzi::gtp {

enum class GtpErrorKind {
  spawn_failed,  // the program could not be started
  not_running,   // the engine was already closed (after quit, death or a timeout)
  engine_died,   // the engine closed its output or exited before answering
  timeout,       // no complete response in time; the engine is killed
  io_error,      // a system call failed while talking to the engine
  malformed,     // the engine printed something that is not a GTP response
  failure,       // the engine answered '?': message holds its error text
};

struct GtpError {
  GtpErrorKind kind;
  std::string message;
};

std::string_view to_string(GtpErrorKind kind);

struct GtpProcessOptions {
  // The engine's diagnostics go to /dev/null unless asked for.
  bool inherit_stderr = false;
};

class GtpProcess {
 public:
  using Timeout = std::chrono::milliseconds;

  // argv[0] is the program path (not searched on PATH), the rest its arguments.
  static Expected<GtpProcess, GtpError> start(const std::vector<std::string>& argv, GtpProcessOptions options = {});

  GtpProcess(GtpProcess&& other) noexcept;
  GtpProcess& operator=(GtpProcess&& other) noexcept;
  GtpProcess(const GtpProcess&) = delete;
  GtpProcess& operator=(const GtpProcess&) = delete;
  ~GtpProcess();

  // Sends one command line (no id, no newline) and returns the response text
  // of a '=' answer. A '?' answer is GtpErrorKind::failure. After a timeout
  // or a broken stream the engine cannot be trusted to stay in step, so it is
  // killed and every later call returns not_running.
  Expected<std::string, GtpError> send(std::string_view command, Timeout timeout = std::chrono::seconds(30));

  // For the analysis commands that answer until the next command arrives
  // (KataGo's kata-analyze, Leela Zero's lz-analyze): sends `command`,
  // hands each line of its answer to `on_line` until that returns false or
  // `duration` has passed, then sends `stop` (any command) to end it and
  // returns the answer to `stop`. A '?' answer to `command` is a failure.
  Expected<std::string, GtpError> stream(std::string_view command,
                                         const std::function<bool(std::string_view line)>& on_line, Timeout duration,
                                         std::string_view stop = "name", Timeout timeout = std::chrono::seconds(30));

  // Sends "quit", waits for the answer and for the child to exit (killing it
  // if it lingers) and reaps it. Returns the failure if the engine misbehaved.
  Expected<Done, GtpError> quit(Timeout timeout = std::chrono::seconds(5));

  bool running() const { return pid_ > 0; }
  pid_t pid() const { return pid_; }

 private:
  GtpProcess(pid_t pid, int fd) : pid_(pid), fd_(fd) {}

  Expected<Done, GtpError> write_all(std::string_view bytes);
  Expected<std::string, GtpError> read_response(Timeout timeout);
  // Reads what the engine has sent into pending_: false when `deadline` came first.
  Expected<bool, GtpError> read_more(std::chrono::steady_clock::time_point deadline);
  // The next complete line of pending_ (without its newline), if there is one.
  std::optional<std::string> take_line();
  GtpError fail_and_close(GtpErrorKind kind, std::string message);
  std::string describe_exit();
  void close(Timeout grace);

  pid_t pid_ = -1;
  int fd_ = -1;          // one end of a socket pair: the child's stdin and stdout
  std::string pending_;  // bytes read beyond the last complete response
};

}  // namespace yunzi::gtp
