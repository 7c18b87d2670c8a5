#include "tools/yunzi-admin/admin_io.hpp"

#include <chrono>
#include <istream>

#include "db/time_text.hpp"

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

std::string format_time_utc(long long unix_ms) { return db::utc_time_text(unix_ms); }

}  // namespace yunzi::admin
