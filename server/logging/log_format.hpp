// The two shapes of a log line. Plain text:
//   2024-05-01 12:00:00.123 info signed in user=ann connection=7
// JSON, one object a line, for log shippers:
//   {"time":"2024-05-01T12:00:00.123+00:00","level":"info","message":"signed in user=ann connection=7"}
// In both the message goes through log_escape.hpp, so every line is one
// event and every JSON line parses.
#pragma once

#include <memory>

#include <spdlog/formatter.h>

namespace yunzi::logging {

enum class LogFormat : unsigned char { text, json };

std::unique_ptr<spdlog::formatter> make_log_formatter(LogFormat format);

}  // namespace yunzi::logging
