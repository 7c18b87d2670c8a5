#include "server/logging/log_output.hpp"

#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include "server/logging/log_file_sink.hpp"

namespace yunzi::logging {

Expected<LogOutput, std::string> LogOutput::install(const LogOptions& options) {
  std::shared_ptr<LogFileSink> file;
  spdlog::sink_ptr sink;
  if (options.file.empty()) {
    // Standard error, not spdlog's default standard output: output is for
    // what was asked for (--help), diagnostics go to the error stream.
    sink = std::make_shared<spdlog::sinks::stderr_sink_mt>();
  } else {
    auto opened = LogFileSink::open(options.file);
    if (!opened) return unexpected(opened.error());
    file = *opened;
    sink = file;
  }
  auto logger = std::make_shared<spdlog::logger>("yunzi", std::move(sink));
  logger->set_formatter(make_log_formatter(options.format));
  logger->set_level(options.level);
  spdlog::set_default_logger(std::move(logger));
  return LogOutput(std::move(file));
}

std::string LogOutput::file_path() const { return file_ ? file_->path() : std::string(); }

Expected<Done, std::string> LogOutput::reopen() {
  if (!file_) return Done{};
  return file_->reopen();
}

}  // namespace yunzi::logging
