// Where yunzi-server's log lines go, set up once at start: standard error,
// or a file appended to (`log_file`) that reopen() opens again after
// logrotate moved it away (main calls it on SIGHUP). Installs spdlog's
// default logger, so every spdlog::info() anywhere ends up here.
#pragma once

#include <memory>
#include <string>

#include <spdlog/common.h>

#include "core/expected.hpp"
#include "server/logging/log_format.hpp"

namespace yunzi::logging {

class LogFileSink;

struct LogOptions {
  spdlog::level::level_enum level = spdlog::level::info;
  LogFormat format = LogFormat::text;
  std::string file;  // empty: standard error
  friend bool operator==(const LogOptions&, const LogOptions&) = default;
};

class LogOutput {
 public:
  // The error says why the file cannot be opened.
  static Expected<LogOutput, std::string> install(const LogOptions& options);

  bool to_file() const { return file_ != nullptr; }
  // The log file's path; empty for standard error.
  std::string file_path() const;
  // Opens the log file again at its path (nothing to do for standard error).
  Expected<Done, std::string> reopen();

 private:
  explicit LogOutput(std::shared_ptr<LogFileSink> file) : file_(std::move(file)) {}

  std::shared_ptr<LogFileSink> file_;
};

}  // namespace yunzi::logging
