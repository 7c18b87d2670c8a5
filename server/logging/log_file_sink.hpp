// An spdlog sink that appends to a file and can open it again at the same
// path. logrotate renames the file, then the server is told (SIGHUP) to
// reopen: lines written until then stay in the renamed file, later ones go
// to a new file at the path. Each line is one write(2) on an O_APPEND
// descriptor, so lines are never torn or interleaved.
#pragma once

#include <memory>
#include <mutex>
#include <string>

#include <spdlog/sinks/base_sink.h>

#include "core/expected.hpp"

namespace yunzi::logging {

class LogFileSink final : public spdlog::sinks::base_sink<std::mutex> {
 public:
  // Creates the file (mode 0640 before the umask) when it does not exist.
  static Expected<std::shared_ptr<LogFileSink>, std::string> open(std::string path);
  ~LogFileSink() override;
  LogFileSink(const LogFileSink&) = delete;
  LogFileSink& operator=(const LogFileSink&) = delete;

  // Opens the path again and switches to it; on failure the sink keeps
  // writing to the file it had.
  Expected<Done, std::string> reopen();
  const std::string& path() const { return path_; }

 protected:
  void sink_it_(const spdlog::details::log_msg& msg) override;
  void flush_() override {}  // every line is written at once

 private:
  LogFileSink(std::string path, int fd) : path_(std::move(path)), fd_(fd) {}

  const std::string path_;
  int fd_;  // guarded by base_sink's mutex_
};

}  // namespace yunzi::logging
