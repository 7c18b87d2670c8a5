#include "server/logging/log_file_sink.hpp"

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <unistd.h>

namespace yunzi::logging {
namespace {

Expected<int, std::string> open_for_append(const std::string& path) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0640);
  if (fd < 0) return unexpected("cannot open the log file " + path + ": " + std::strerror(errno));
  return fd;
}

void write_all(int fd, const char* data, std::size_t size) {
  while (size > 0) {
    const ssize_t written = ::write(fd, data, size);
    if (written < 0) {
      if (errno == EINTR) continue;
      return;  // a full disk or a lost file: nowhere left to report it
    }
    data += written;
    size -= static_cast<std::size_t>(written);
  }
}

}  // namespace

Expected<std::shared_ptr<LogFileSink>, std::string> LogFileSink::open(std::string path) {
  auto fd = open_for_append(path);
  if (!fd) return unexpected(fd.error());
  return std::shared_ptr<LogFileSink>(new LogFileSink(std::move(path), *fd));
}

LogFileSink::~LogFileSink() { ::close(fd_); }

Expected<Done, std::string> LogFileSink::reopen() {
  auto fd = open_for_append(path_);
  if (!fd) return unexpected(fd.error());
  std::lock_guard lock(mutex_);
  ::close(fd_);
  fd_ = *fd;
  return Done{};
}

void LogFileSink::sink_it_(const spdlog::details::log_msg& msg) {
  spdlog::memory_buf_t line;
  formatter_->format(msg, line);
  write_all(fd_, line.data(), line.size());
}

}  // namespace yunzi::logging
