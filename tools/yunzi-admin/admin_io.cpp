#include "tools/yunzi-admin/admin_io.hpp"

#include <chrono>
#include <ctime>
#include <istream>

namespace yunzi::admin {

std::optional<std::string> read_password_line(std::istream& in) {
  std::string line;
  if (!std::getline(in, line)) return std::nullopt;
  if (!line.empty() && line.back() == '\r') line.pop_back();
  if (line.empty()) return std::nullopt;
  return line;
}

long long now_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

std::string format_time_utc(long long unix_ms) {
  const std::time_t seconds = static_cast<std::time_t>(unix_ms / 1000);
  std::tm parts{};
  if (gmtime_r(&seconds, &parts) == nullptr) return std::to_string(unix_ms);
  char text[32];
  const std::size_t length = std::strftime(text, sizeof text, "%Y-%m-%d %H:%M UTC", &parts);
  return length == 0 ? std::to_string(unix_ms) : std::string(text, length);
}

}  // namespace yunzi::admin
