#include "tests/support/child_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <fstream>
#include <sstream>
#include <thread>

namespace yunzi::test_support {
namespace {

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

// Both ends close on exec: the child gets its copies through dup2.
bool make_pipe(int (&fds)[2]) { return ::pipe2(fds, O_CLOEXEC) == 0; }

// A pipe whose read end holds the whole text, or -1 when the text does not fit.
int stdin_holding(const std::string& text) {
  if (text.empty()) return ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  int fds[2];
  if (!make_pipe(fds)) return -1;
  ::fcntl(fds[1], F_SETFL, O_NONBLOCK);
  const bool whole = ::write(fds[1], text.data(), text.size()) == static_cast<ssize_t>(text.size());
  ::close(fds[1]);
  if (!whole) {
    ::close(fds[0]);
    return -1;
  }
  return fds[0];
}

}  // namespace

bool ExitStatus::exited() const { return WIFEXITED(wait_status); }

int ExitStatus::code() const { return exited() ? WEXITSTATUS(wait_status) : -1; }

std::string ExitStatus::describe() const {
  if (WIFEXITED(wait_status)) return "exit code " + std::to_string(WEXITSTATUS(wait_status));
  if (WIFSIGNALED(wait_status)) return "signal " + std::to_string(WTERMSIG(wait_status));
  return "status " + std::to_string(wait_status);
}

ChildProcess::~ChildProcess() {
  kill();
  close_streams();
}

Expected<Done, std::string> ChildProcess::start(const std::vector<std::string>& argv, const ChildOptions& options) {
  if (argv.empty()) return unexpected(std::string("no program to start"));
  if (pid_ > 0) return unexpected("already running: " + argv.front());
  close_streams();
  out_.clear();
  err_.clear();

  // Everything the child needs is prepared before fork: after it only
  // async-signal-safe calls are allowed.
  std::vector<std::string> args = argv;
  std::vector<char*> raw_args;
  for (auto& arg : args) raw_args.push_back(arg.data());
  raw_args.push_back(nullptr);
  std::vector<std::string> env_entries;
  for (char** entry = environ; *entry != nullptr; ++entry) env_entries.emplace_back(*entry);
  for (const auto& [name, value] : options.env) env_entries.push_back(name + "=" + value);
  std::vector<char*> raw_env;
  for (auto& entry : env_entries) raw_env.push_back(entry.data());
  raw_env.push_back(nullptr);
  std::vector<rlimit> limits;
  for (const ResourceLimit& limit : options.limits) {
    limits.push_back(rlimit{static_cast<rlim_t>(limit.value), static_cast<rlim_t>(limit.value)});
  }

  int in_fd = stdin_holding(options.stdin_text);
  if (in_fd < 0) return unexpected("cannot prepare the standard input of " + argv.front());
  int out_pipe[2] = {-1, -1};
  int err_pipe[2] = {-1, -1};
  if (options.log) {
    out_pipe[1] = ::open(options.log->c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (out_pipe[1] < 0) {
      ::close(in_fd);
      return unexpected("cannot open " + options.log->string());
    }
    err_pipe[1] = ::dup(out_pipe[1]);
    ::fcntl(err_pipe[1], F_SETFD, FD_CLOEXEC);
  } else if (!make_pipe(out_pipe) || !make_pipe(err_pipe)) {
    for (int fd : {in_fd, out_pipe[0], out_pipe[1], err_pipe[0], err_pipe[1]}) {
      if (fd >= 0) ::close(fd);
    }
    return unexpected(std::string("pipe failed"));
  }

  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(127);
    ::dup2(in_fd, STDIN_FILENO);
    ::dup2(out_pipe[1], STDOUT_FILENO);
    ::dup2(err_pipe[1], STDERR_FILENO);
    for (std::size_t i = 0; i < limits.size(); ++i) {
      if (::setrlimit(options.limits[i].resource, &limits[i]) != 0) ::_exit(126);
    }
    ::execve(raw_args[0], raw_args.data(), raw_env.data());
    ::_exit(127);
  }
  ::close(in_fd);
  ::close(out_pipe[1]);
  ::close(err_pipe[1]);
  if (pid < 0) {
    if (out_pipe[0] >= 0) ::close(out_pipe[0]);
    if (err_pipe[0] >= 0) ::close(err_pipe[0]);
    return unexpected(std::string("fork failed"));
  }
  pid_ = pid;
  out_fd_ = out_pipe[0];
  err_fd_ = err_pipe[0];
  for (int fd : {out_fd_, err_fd_}) {
    if (fd >= 0) ::fcntl(fd, F_SETFL, O_NONBLOCK);
  }
  return Done{};
}

void ChildProcess::pump(int wait_ms) {
  pollfd fds[2] = {{out_fd_, POLLIN, 0}, {err_fd_, POLLIN, 0}};
  if (out_fd_ < 0 && err_fd_ < 0) {
    if (wait_ms > 0) std::this_thread::sleep_for(std::chrono::milliseconds(wait_ms));
    return;
  }
  if (::poll(fds, 2, wait_ms) <= 0) return;
  int* owners[2] = {&out_fd_, &err_fd_};
  std::string* sinks[2] = {&out_, &err_};
  for (int i = 0; i < 2; ++i) {
    if (fds[i].fd < 0 || fds[i].revents == 0) continue;
    for (;;) {
      char buffer[4096];
      const ssize_t n = ::read(fds[i].fd, buffer, sizeof buffer);
      if (n > 0) {
        sinks[i]->append(buffer, static_cast<std::size_t>(n));
        continue;
      }
      if (n < 0 && errno == EINTR) continue;
      if (n == 0 || errno != EAGAIN) close_fd(*owners[i]);
      break;
    }
  }
}

void ChildProcess::drain() { pump(0); }

void ChildProcess::close_streams() {
  close_fd(out_fd_);
  close_fd(err_fd_);
}

std::optional<ExitStatus> ChildProcess::reap(bool block) {
  if (pid_ <= 0) return std::nullopt;
  int status = 0;
  pid_t done = 0;
  do {
    done = ::waitpid(pid_, &status, block ? 0 : WNOHANG);
  } while (done < 0 && errno == EINTR);
  if (done != pid_) return std::nullopt;
  pid_ = -1;
  // What it wrote before the end is in the pipes now; a grandchild may
  // still hold them open, so what is there is taken and no more.
  drain();
  close_streams();
  return ExitStatus{status};
}

bool ChildProcess::running() {
  if (pid_ <= 0) return false;
  reap(false);
  return pid_ > 0;
}

std::optional<ExitStatus> ChildProcess::wait_for(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    if (pid_ <= 0) return std::nullopt;
    if (auto ended = reap(false)) return ended;
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return std::nullopt;
    // Reading meanwhile keeps a child that writes much from blocking on a full pipe.
    pump(static_cast<int>(std::min<std::int64_t>(left.count(), 10)));
  }
}

void ChildProcess::signal(int signal) {
  if (pid_ > 0) ::kill(pid_, signal);
}

std::optional<ExitStatus> ChildProcess::stop(int signal, std::chrono::milliseconds timeout) {
  if (pid_ <= 0) return std::nullopt;
  ::kill(pid_, signal);
  if (auto ended = wait_for(timeout)) return ended;
  kill();
  return std::nullopt;
}

void ChildProcess::kill() {
  if (pid_ <= 0) return;
  ::kill(pid_, SIGKILL);
  reap(true);
}

std::optional<std::string> ChildProcess::read_line(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    if (const auto end = out_.find('\n'); end != std::string::npos) {
      std::string line = out_.substr(0, end);
      out_.erase(0, end + 1);
      return line;
    }
    if (out_fd_ < 0) return std::nullopt;
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return std::nullopt;
    pump(static_cast<int>(std::min<std::int64_t>(left.count(), 50)));
  }
}

ProgramRun run_program(const std::vector<std::string>& argv, const RunOptions& options) {
  ProgramRun run;
  ChildProcess child;
  ChildOptions child_options;
  child_options.env = options.env;
  child_options.stdin_text = options.stdin_text;
  if (auto started = child.start(argv, child_options); !started) {
    run.err = started.error();
    return run;
  }
  const auto ended = child.wait_for(options.timeout);
  if (!ended) child.kill();
  run.exit_code = ended ? ended->code() : -1;
  run.out = child.out();
  run.err = child.err();
  return run;
}

std::vector<pid_t> children_named(pid_t parent, const std::string& name) {
  std::vector<pid_t> found;
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    const std::string pid_text = entry.path().filename().string();
    if (pid_text.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream stat(entry.path() / "stat");
    std::string line;
    if (!std::getline(stat, line)) continue;
    // pid (comm) state ppid ...; the name may hold spaces, so cut at the last ')'.
    const auto open = line.find('(');
    const auto close = line.rfind(')');
    if (open == std::string::npos || close == std::string::npos) continue;
    const std::string comm = line.substr(open + 1, close - open - 1);
    std::istringstream rest(line.substr(close + 1));
    char state = 0;
    pid_t ppid = 0;
    rest >> state >> ppid;
    if (ppid == parent && comm == name && state != 'Z') found.push_back(static_cast<pid_t>(std::stol(pid_text)));
  }
  return found;
}

}  // namespace yunzi::test_support
