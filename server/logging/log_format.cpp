#include "server/logging/log_format.hpp"

#include <string>

#include <spdlog/pattern_formatter.h>

#include "server/logging/log_escape.hpp"

namespace yunzi::logging {
namespace {

// The pattern flag that writes the message; spdlog's own %v copies it raw.
constexpr char message_flag = '*';

class EscapedMessage final : public spdlog::custom_flag_formatter {
 public:
  explicit EscapedMessage(LogFormat format) : format_(format) {}

  void format(const spdlog::details::log_msg& msg, const std::tm&, spdlog::memory_buf_t& dest) override {
    const std::string_view payload(msg.payload.data(), msg.payload.size());
    std::string escaped;
    if (format_ == LogFormat::json) {
      append_json_escaped(payload, escaped);
    } else {
      append_line_escaped(payload, escaped);
    }
    dest.append(escaped.data(), escaped.data() + escaped.size());
  }

  std::unique_ptr<spdlog::custom_flag_formatter> clone() const override {
    return std::make_unique<EscapedMessage>(format_);
  }

 private:
  LogFormat format_;
};

// The level names (%l) are spdlog's lower-case words and need no escaping.
constexpr const char* json_pattern = R"({"time":"%Y-%m-%dT%H:%M:%S.%e%z","level":"%l","message":"%*"})";
constexpr const char* text_pattern = "%Y-%m-%d %H:%M:%S.%e %l %*";

}  // namespace

std::unique_ptr<spdlog::formatter> make_log_formatter(LogFormat format) {
  auto formatter = std::make_unique<spdlog::pattern_formatter>();
  formatter->add_flag<EscapedMessage>(message_flag, format);
  formatter->set_pattern(format == LogFormat::json ? json_pattern : text_pattern);
  return formatter;
}

}  // namespace yunzi::logging
