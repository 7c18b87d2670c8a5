#include "tests/e2e/server/server_process.hpp"

#include <algorithm>
#include <csignal>
#include <fstream>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>

#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef YUNZI_SERVER_PATH
#error "YUNZI_SERVER_PATH must name the yunzi-server executable"
#endif

namespace yunzi::e2e {
namespace {

std::mutex registry_mutex;
std::set<const ServerProcess*> registry;

void register_live(const ServerProcess* server, bool live) {
  std::lock_guard lock(registry_mutex);
  if (live) {
    registry.insert(server);
  } else {
    registry.erase(server);
  }
}

std::string describe_status(int status) {
  if (WIFEXITED(status)) return "exit code " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) return "signal " + std::to_string(WTERMSIG(status));
  return "status " + std::to_string(status);
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The port once the file holds a whole number (the server may be writing it).
std::uint16_t read_port(const std::filesystem::path& path) {
  const std::string text = read_file(path);
  if (text.empty() || text.find_first_not_of("0123456789 \r\n") != std::string::npos) return 0;
  try {
    const unsigned long value = std::stoul(text);
    return value > 0 && value < 65536 ? static_cast<std::uint16_t>(value) : 0;
  } catch (const std::exception&) {
    return 0;
  }
}

}  // namespace

std::vector<const ServerProcess*> live_servers() {
  std::lock_guard lock(registry_mutex);
  return {registry.begin(), registry.end()};
}

ServerProcess::ServerProcess(std::filesystem::path work_dir, ServerOptions options)
    : work_dir_(std::move(work_dir)),
      data_dir_(work_dir_ / "data"),
      log_path_(work_dir_ / "server.log"),
      port_path_(work_dir_ / "port"),
      options_(std::move(options)) {
  std::filesystem::create_directories(data_dir_);
  register_live(this, true);
}

ServerProcess::~ServerProcess() {
  if (running()) kill();
  register_live(this, false);
}

std::vector<std::string> ServerProcess::arguments() const {
  std::vector<std::string> args = {YUNZI_SERVER_PATH,   "--bind",      "127.0.0.1",         "--port",
                                   "0",                 "--port-file", port_path_.string(), "--data-dir",
                                   data_dir_.string(),  "--password-hash-cost", "min",      "--io-threads",
                                   "2",
                                   // Every test signs up from 127.0.0.1; the sign-up tests lower it again.
                                   "--signups-per-address-hour", "100000"};
  if (!options_.default_rate_limit) {
    for (const char* arg : {"--rate-limit", "1000", "--rate-burst", "2000"}) args.emplace_back(arg);
  }
  args.insert(args.end(), options_.extra_args.begin(), options_.extra_args.end());
  return args;
}

Expected<Done, std::string> ServerProcess::start(std::chrono::milliseconds timeout) {
  if (running()) return unexpected(std::string("the server is already running"));
  std::error_code ignored;
  std::filesystem::remove(port_path_, ignored);
  port_ = 0;

  // Everything the child needs is prepared before fork: after it only
  // async-signal-safe calls are allowed.
  std::vector<std::string> args = arguments();
  std::vector<char*> argv;
  for (auto& arg : args) argv.push_back(arg.data());
  argv.push_back(nullptr);
  const int log_fd = ::open(log_path_.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (log_fd < 0) return unexpected("cannot open " + log_path_.string());
  {
    const std::string banner = "---- start: " + [&] {
      std::string line;
      for (const auto& arg : args) line += arg + " ";
      return line;
    }() + "\n";
    (void)!::write(log_fd, banner.data(), banner.size());
  }

  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid < 0) {
    ::close(log_fd);
    return unexpected(std::string("fork failed"));
  }
  if (pid == 0) {
    // A test binary that dies must not leave servers behind.
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(127);
    ::dup2(log_fd, STDOUT_FILENO);
    ::dup2(log_fd, STDERR_FILENO);
    const int null_fd = ::open("/dev/null", O_RDONLY);
    if (null_fd >= 0) ::dup2(null_fd, STDIN_FILENO);
    for (const ResourceLimit& limit : options_.limits) {
      const rlimit value{static_cast<rlim_t>(limit.value), static_cast<rlim_t>(limit.value)};
      if (::setrlimit(limit.resource, &value) != 0) ::_exit(126);
    }
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  ::close(log_fd);
  pid_ = pid;

  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    if (const int status = poll_exit(); status >= 0) {
      return unexpected("the server ended before listening (" + describe_status(status) + "); log:\n" +
                        log_tail(30));
    }
    port_ = read_port(port_path_);
    if (port_ != 0) return Done{};
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  kill();
  return unexpected("no port file after " + std::to_string(timeout.count()) + " ms; log:\n" + log_tail(30));
}

int ServerProcess::poll_exit() {
  if (pid_ <= 0) return -1;
  int status = 0;
  const pid_t done = ::waitpid(pid_, &status, WNOHANG);
  if (done != pid_) return -1;
  pid_ = -1;
  return status;
}

Expected<int, std::string> ServerProcess::stop(std::chrono::milliseconds timeout) {
  if (!running()) return unexpected(std::string("the server is not running"));
  terminate();
  return wait_exit(timeout);
}

void ServerProcess::terminate() {
  if (pid_ > 0) ::kill(pid_, SIGTERM);
}

Expected<int, std::string> ServerProcess::wait_exit(std::chrono::milliseconds timeout) {
  if (!running()) return unexpected(std::string("the server is not running"));
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    if (const int status = poll_exit(); status >= 0) {
      if (WIFEXITED(status)) return WEXITSTATUS(status);
      return unexpected("the server died after SIGTERM: " + describe_status(status));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  kill();
  return unexpected("the server did not exit within " + std::to_string(timeout.count()) + " ms of SIGTERM");
}

void ServerProcess::kill() {
  if (pid_ <= 0) return;
  ::kill(pid_, SIGKILL);
  int status = 0;
  ::waitpid(pid_, &status, 0);
  pid_ = -1;
}

void ServerProcess::send_signal(int signal) {
  if (pid_ > 0) ::kill(pid_, signal);
}

std::string ServerProcess::log_text() const { return read_file(log_path_); }

std::string ServerProcess::log_tail(std::size_t lines) const {
  const std::string text = log_text();
  std::size_t start = text.size();
  std::size_t seen = 0;
  while (start > 0 && seen <= lines) {
    --start;
    if (text[start] == '\n') ++seen;
  }
  return seen > lines ? text.substr(start + 1) : text;
}

}  // namespace yunzi::e2e
