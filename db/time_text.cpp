#include "db/time_text.hpp"

#include <ctime>

namespace yunzi::db {
namespace {

std::string utc_text(TimeMs unix_ms, const char* format) {
  const std::time_t seconds = static_cast<std::time_t>(unix_ms / 1000);
  std::tm parts{};
  if (gmtime_r(&seconds, &parts) == nullptr) return std::to_string(unix_ms);
  char text[32];
  const std::size_t length = std::strftime(text, sizeof text, format, &parts);
  return length == 0 ? std::to_string(unix_ms) : std::string(text, length);
}

}  // namespace

std::string utc_time_text(TimeMs unix_ms) { return utc_text(unix_ms, "%Y-%m-%d %H:%M UTC"); }

std::string utc_date_text(TimeMs unix_ms) { return utc_text(unix_ms, "%Y-%m-%d"); }

}  // namespace yunzi::db
