#include "tests/e2e/bot/child_process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <sstream>
#include <thread>

namespace yunzi::bot_e2e {

ChildProcess::~ChildProcess() {
  if (pid_ > 0) stop(SIGKILL, std::chrono::seconds(5));
}

bool ChildProcess::start(const std::vector<std::string>& argv, const std::filesystem::path& log,
                         const ChildInput& input) {
  // Everything is prepared before fork: the child may only make
  // async-signal-safe calls.
  std::vector<std::string> args = argv;
  std::vector<char*> raw;
  for (auto& arg : args) raw.push_back(arg.data());
  raw.push_back(nullptr);
  std::vector<std::string> env_entries;
  for (char** entry = environ; *entry != nullptr; ++entry) env_entries.emplace_back(*entry);
  for (const auto& [name, value] : input.env) env_entries.push_back(name + "=" + value);
  std::vector<char*> env;
  for (auto& entry : env_entries) env.push_back(entry.data());
  env.push_back(nullptr);
  // Standard input from a pipe that holds the whole text (small: it fits the pipe's buffer).
  int stdin_pipe[2];
  if (::pipe2(stdin_pipe, O_CLOEXEC) != 0) return false;
  if (!input.stdin_text.empty() &&
      ::write(stdin_pipe[1], input.stdin_text.data(), input.stdin_text.size()) !=
          static_cast<ssize_t>(input.stdin_text.size())) {
    ::close(stdin_pipe[0]);
    ::close(stdin_pipe[1]);
    return false;
  }
  ::close(stdin_pipe[1]);
  const int log_fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (log_fd < 0) {
    ::close(stdin_pipe[0]);
    return false;
  }
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid < 0) {
    ::close(log_fd);
    ::close(stdin_pipe[0]);
    return false;
  }
  if (pid == 0) {
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(127);
    ::dup2(stdin_pipe[0], STDIN_FILENO);
    ::dup2(log_fd, STDOUT_FILENO);
    ::dup2(log_fd, STDERR_FILENO);
    ::execve(raw[0], raw.data(), env.data());
    ::_exit(127);
  }
  ::close(log_fd);
  ::close(stdin_pipe[0]);
  pid_ = pid;
  return true;
}

std::optional<int> ChildProcess::wait_exit(std::chrono::milliseconds timeout) {
  if (pid_ <= 0) return std::nullopt;
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  int status = 0;
  pid_t reaped = 0;
  while ((reaped = ::waitpid(pid_, &status, WNOHANG)) == 0 && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  if (reaped != pid_) return std::nullopt;
  pid_ = -1;
  if (!WIFEXITED(status)) return std::nullopt;
  return WEXITSTATUS(status);
}

bool ChildProcess::running() {
  if (pid_ <= 0) return false;
  int status = 0;
  if (::waitpid(pid_, &status, WNOHANG) == pid_) {
    pid_ = -1;
    return false;
  }
  return true;
}

int ChildProcess::stop(int signal, std::chrono::milliseconds timeout) {
  if (pid_ <= 0) return -1;
  ::kill(pid_, signal);
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  int status = 0;
  pid_t reaped = 0;
  while ((reaped = ::waitpid(pid_, &status, WNOHANG)) == 0 && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  if (reaped == 0) {
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, &status, 0);
    pid_ = -1;
    return -1;
  }
  pid_ = -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
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

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace yunzi::bot_e2e
