#include "tests/e2e/admin/admin_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <stdexcept>

#ifndef YUNZI_ADMIN_PATH
#error "YUNZI_ADMIN_PATH must name the yunzi-admin executable"
#endif

namespace yunzi::admin_tests {
namespace {

struct Pipe {
  int read_end = -1;
  int write_end = -1;
  Pipe() {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) throw std::runtime_error("pipe failed");
    read_end = fds[0];
    write_end = fds[1];
  }
};

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

}  // namespace

AdminRun run_admin_tool(const std::vector<std::string>& args, const AdminRunOptions& options) {
  std::vector<std::string> argv_text = {YUNZI_ADMIN_PATH};
  argv_text.insert(argv_text.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& arg : argv_text) argv.push_back(arg.data());
  argv.push_back(nullptr);
  std::vector<std::string> env_text;
  for (char** entry = environ; *entry != nullptr; ++entry) env_text.emplace_back(*entry);
  for (const auto& [name, value] : options.env) env_text.push_back(name + "=" + value);
  std::vector<char*> envp;
  for (auto& entry : env_text) envp.push_back(entry.data());
  envp.push_back(nullptr);

  Pipe in, out, err;
  const pid_t pid = ::fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) {
    ::dup2(in.read_end, STDIN_FILENO);
    ::dup2(out.write_end, STDOUT_FILENO);
    ::dup2(err.write_end, STDERR_FILENO);
    ::execve(argv[0], argv.data(), envp.data());
    ::_exit(127);
  }
  close_fd(in.read_end);
  close_fd(out.write_end);
  close_fd(err.write_end);
  // The input is small (a password line): it fits the pipe buffer at once.
  if (!options.stdin_text.empty()) {
    (void)!::write(in.write_end, options.stdin_text.data(), options.stdin_text.size());
  }
  close_fd(in.write_end);

  AdminRun run;
  const auto deadline = std::chrono::steady_clock::now() + options.timeout;
  pollfd fds[2] = {{out.read_end, POLLIN, 0}, {err.read_end, POLLIN, 0}};
  std::string* sinks[2] = {&run.out, &run.err};
  int open_streams = 2;
  while (open_streams > 0 && std::chrono::steady_clock::now() < deadline) {
    if (::poll(fds, 2, 100) < 0 && errno != EINTR) break;
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || fds[i].revents == 0) continue;
      char buffer[4096];
      const ssize_t n = ::read(fds[i].fd, buffer, sizeof buffer);
      if (n > 0) {
        sinks[i]->append(buffer, static_cast<std::size_t>(n));
      } else {
        ::close(fds[i].fd);
        fds[i].fd = -1;
        --open_streams;
      }
    }
  }
  if (open_streams > 0) ::kill(pid, SIGKILL);
  for (auto& fd : fds) {
    if (fd.fd >= 0) ::close(fd.fd);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

AdminRun run_admin_tool(const std::vector<std::string>& args, std::string stdin_text) {
  AdminRunOptions options;
  options.stdin_text = std::move(stdin_text);
  return run_admin_tool(args, options);
}

}  // namespace yunzi::admin_tests
