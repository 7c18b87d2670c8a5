#include "tools/gtp_client/gtp_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <thread>

#include "tools/gtp_client/gtp_reply.hpp"

extern char** environ;

namespace yunzi::gtp {
namespace {

using Clock = std::chrono::steady_clock;

std::string system_error(std::string_view what, int error) { return std::string(what) + ": " + std::strerror(error); }

// Keeps posix_spawn's helper objects paired with their destroy calls.
struct SpawnSetup {
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attributes;
  SpawnSetup() {
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attributes);
  }
  ~SpawnSetup() {
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
  }
  SpawnSetup(const SpawnSetup&) = delete;
  SpawnSetup& operator=(const SpawnSetup&) = delete;
};

std::string describe_status(int status) {
  if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) return "killed by signal " + std::to_string(WTERMSIG(status));
  return "stopped";
}

}  // namespace

std::string_view to_string(GtpErrorKind kind) {
  switch (kind) {
    case GtpErrorKind::spawn_failed: return "spawn_failed";
    case GtpErrorKind::not_running: return "not_running";
    case GtpErrorKind::engine_died: return "engine_died";
    case GtpErrorKind::timeout: return "timeout";
    case GtpErrorKind::io_error: return "io_error";
    case GtpErrorKind::malformed: return "malformed";
    case GtpErrorKind::failure: return "failure";
  }
  return "unknown";
}

Expected<GtpProcess, GtpError> GtpProcess::start(const std::vector<std::string>& argv, GtpProcessOptions options) {
  if (argv.empty() || argv.front().empty()) {
    return unexpected(GtpError{GtpErrorKind::spawn_failed, "no program given"});
  }
  // A socket pair rather than two pipes: send(MSG_NOSIGNAL) turns a dead
  // engine into EPIPE instead of a SIGPIPE that would kill the controller.
  int ends[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ends) != 0) {
    return unexpected(GtpError{GtpErrorKind::spawn_failed, system_error("socketpair", errno)});
  }

  SpawnSetup setup;
  posix_spawn_file_actions_adddup2(&setup.actions, ends[1], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&setup.actions, ends[1], STDOUT_FILENO);
  if (!options.inherit_stderr) {
    posix_spawn_file_actions_addopen(&setup.actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  }
  // The engine must not inherit an ignored SIGPIPE or a blocked signal mask
  // from the controller.
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  sigset_t empty_mask;
  sigemptyset(&empty_mask);
  posix_spawnattr_setsigdefault(&setup.attributes, &defaults);
  posix_spawnattr_setsigmask(&setup.attributes, &empty_mask);
  posix_spawnattr_setflags(&setup.attributes, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);

  std::vector<char*> raw_argv;
  raw_argv.reserve(argv.size() + 1);
  for (const auto& arg : argv) raw_argv.push_back(const_cast<char*>(arg.c_str()));
  raw_argv.push_back(nullptr);

  pid_t pid = -1;
  const int spawn_error =
      ::posix_spawn(&pid, argv.front().c_str(), &setup.actions, &setup.attributes, raw_argv.data(), environ);
  ::close(ends[1]);
  if (spawn_error != 0) {
    ::close(ends[0]);
    return unexpected(GtpError{GtpErrorKind::spawn_failed, system_error(argv.front(), spawn_error)});
  }
  return GtpProcess(pid, ends[0]);
}

GtpProcess::GtpProcess(GtpProcess&& other) noexcept
    : pid_(other.pid_), fd_(other.fd_), pending_(std::move(other.pending_)) {
  other.pid_ = -1;
  other.fd_ = -1;
}

GtpProcess& GtpProcess::operator=(GtpProcess&& other) noexcept {
  if (this != &other) {
    close(std::chrono::milliseconds(200));
    pid_ = other.pid_;
    fd_ = other.fd_;
    pending_ = std::move(other.pending_);
    other.pid_ = -1;
    other.fd_ = -1;
  }
  return *this;
}

GtpProcess::~GtpProcess() { close(std::chrono::milliseconds(200)); }

Expected<std::string, GtpError> GtpProcess::send(std::string_view command, Timeout timeout) {
  if (!running()) return unexpected(GtpError{GtpErrorKind::not_running, "the engine is not running"});
  if (command.find('\n') != std::string_view::npos) {
    return unexpected(GtpError{GtpErrorKind::io_error, "a command must be a single line"});
  }
  std::string line(command);
  line += '\n';
  if (auto written = write_all(line); !written) return unexpected(written.error());
  return read_response(timeout);
}

Expected<Done, GtpError> GtpProcess::quit(Timeout timeout) {
  auto answer = send("quit", timeout);
  close(timeout);
  if (!answer) return unexpected(answer.error());
  return Done{};
}

Expected<Done, GtpError> GtpProcess::write_all(std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
    if (n < 0) {
      if (errno == EINTR) continue;
      if (errno == EPIPE || errno == ECONNRESET) {
        return unexpected(fail_and_close(GtpErrorKind::engine_died, "the engine stopped reading"));
      }
      return unexpected(fail_and_close(GtpErrorKind::io_error, system_error("send", errno)));
    }
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
  return Done{};
}

Expected<std::string, GtpError> GtpProcess::read_response(Timeout timeout) {
  const auto deadline = Clock::now() + timeout;
  for (;;) {
    while (!pending_.empty() && pending_.front() == '\n') pending_.erase(0, 1);
    if (const auto end = pending_.find("\n\n"); end != std::string::npos) {
      const std::string raw = pending_.substr(0, end);
      pending_.erase(0, end + 2);
      auto reply = parse_gtp_reply(raw);
      if (!reply) return unexpected(fail_and_close(GtpErrorKind::malformed, "not a GTP response: " + raw));
      if (!reply->success) return unexpected(GtpError{GtpErrorKind::failure, reply->text});
      return std::move(reply->text);
    }
    auto more = read_more(deadline);
    if (!more) return unexpected(more.error());
    if (!*more) {
      return unexpected(
          fail_and_close(GtpErrorKind::timeout, "no response within " + std::to_string(timeout.count()) + " ms"));
    }
  }
}

Expected<bool, GtpError> GtpProcess::read_more(Clock::time_point deadline) {
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    if (left.count() <= 0) return false;
    pollfd watch{fd_, POLLIN, 0};
    const int ready = ::poll(&watch, 1, static_cast<int>(left.count()));
    if (ready < 0) {
      if (errno == EINTR) continue;
      return unexpected(fail_and_close(GtpErrorKind::io_error, system_error("poll", errno)));
    }
    if (ready == 0) continue;  // the deadline check above reports it

    char buffer[4096];
    const ssize_t n = ::recv(fd_, buffer, sizeof buffer, 0);
    if (n < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      if (errno == ECONNRESET) return unexpected(fail_and_close(GtpErrorKind::engine_died, describe_exit()));
      return unexpected(fail_and_close(GtpErrorKind::io_error, system_error("recv", errno)));
    }
    if (n == 0) return unexpected(fail_and_close(GtpErrorKind::engine_died, describe_exit()));
    // Some engines end lines with CR LF; the protocol only knows LF.
    for (ssize_t i = 0; i < n; ++i) {
      if (buffer[i] != '\r') pending_ += buffer[i];
    }
    return true;
  }
}

std::optional<std::string> GtpProcess::take_line() {
  const auto end = pending_.find('\n');
  if (end == std::string::npos) return std::nullopt;
  std::string line = pending_.substr(0, end);
  pending_.erase(0, end + 1);
  return line;
}

Expected<std::string, GtpError> GtpProcess::stream(std::string_view command,
                                                   const std::function<bool(std::string_view line)>& on_line,
                                                   Timeout duration, std::string_view stop, Timeout timeout) {
  if (!running()) return unexpected(GtpError{GtpErrorKind::not_running, "the engine is not running"});
  if (command.find('\n') != std::string_view::npos || stop.find('\n') != std::string_view::npos) {
    return unexpected(GtpError{GtpErrorKind::io_error, "a command must be a single line"});
  }
  if (auto written = write_all(std::string(command) + "\n"); !written) return unexpected(written.error());
  const auto started = Clock::now();
  // Reads to the next line that is not blank (stray blank lines come between answers).
  const auto next_line = [&](Clock::time_point deadline) -> Expected<std::optional<std::string>, GtpError> {
    for (;;) {
      while (auto line = take_line()) {
        if (!line->empty()) return line;
      }
      auto more = read_more(deadline);
      if (!more) return unexpected(more.error());
      if (!*more) return std::optional<std::string>();
    }
  };
  auto opening = next_line(started + timeout);
  if (!opening) return unexpected(opening.error());
  if (!*opening) return unexpected(fail_and_close(GtpErrorKind::timeout, "no answer to " + std::string(command)));
  const std::string first = std::move(**opening);
  if (first.front() == '?') {
    // The refusal ends at its blank line, as any answer does.
    pending_.erase(0, pending_.find('\n') == 0 ? 1 : 0);
    return unexpected(GtpError{GtpErrorKind::failure, first.size() > 2 ? first.substr(2) : std::string()});
  }
  if (first.front() != '=') return unexpected(fail_and_close(GtpErrorKind::malformed, "not a GTP answer: " + first));
  if (first.size() > 2 && !on_line(std::string_view(first).substr(2))) duration = Timeout(0);
  const auto until = started + duration;
  bool going = duration.count() > 0;
  while (going) {
    while (auto line = take_line()) {
      if (line->empty()) return unexpected(fail_and_close(GtpErrorKind::malformed, "the analysis ended by itself"));
      if (!on_line(*line)) going = false;
      if (!going) break;
    }
    if (!going) break;
    auto more = read_more(until);
    if (!more) return unexpected(more.error());
    if (!*more) going = false;
  }
  // Any command ends the analysis: its last lines, a blank line, then the command's own answer.
  if (auto written = write_all(std::string(stop) + "\n"); !written) return unexpected(written.error());
  const auto deadline = Clock::now() + timeout;
  for (;;) {
    while (auto line = take_line()) {
      if (line->empty()) return read_response(std::chrono::duration_cast<Timeout>(deadline - Clock::now()));
    }
    auto more = read_more(deadline);
    if (!more) return unexpected(more.error());
    if (!*more) return unexpected(fail_and_close(GtpErrorKind::timeout, "the analysis did not stop"));
  }
}

std::string GtpProcess::describe_exit() {
  if (fd_ >= 0) {
    ::close(fd_);
    fd_ = -1;
  }
  if (pid_ <= 0) return "the engine is not running";
  // The engine closed its output; give it a moment to finish exiting so the
  // message can say how it ended.
  const auto deadline = Clock::now() + std::chrono::milliseconds(500);
  int status = 0;
  pid_t reaped = 0;
  while ((reaped = ::waitpid(pid_, &status, WNOHANG)) == 0 && Clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  if (reaped == pid_) {
    pid_ = -1;
    return "the engine " + describe_status(status);
  }
  return "the engine closed its output";
}

GtpError GtpProcess::fail_and_close(GtpErrorKind kind, std::string message) {
  close(std::chrono::milliseconds(0));
  return GtpError{kind, std::move(message)};
}

void GtpProcess::close(Timeout grace) {
  if (fd_ >= 0) {
    ::close(fd_);  // the engine reads end-of-file, which GTP engines take as quit
    fd_ = -1;
  }
  pending_.clear();
  if (pid_ <= 0) return;
  const auto deadline = Clock::now() + grace;
  int status = 0;
  pid_t reaped = 0;
  while ((reaped = ::waitpid(pid_, &status, WNOHANG)) == 0 && Clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  if (reaped == 0) {
    ::kill(pid_, SIGKILL);
    while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
  }
  pid_ = -1;
}

}  // namespace yunzi::gtp
