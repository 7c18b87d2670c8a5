// Where yunzi-admin reads and writes: the streams are passed in so the whole
// program can run inside a test, and the password sources it accepts.
#pragma once

#include <iosfwd>
#include <optional>
#include <string>

namespace yunzi::admin {

struct AdminIo {
  std::istream& in;
  std::ostream& out;
  std::ostream& err;
  std::optional<std::string> env_password;  // YUNZI_ADMIN_PASSWORD, when set
};

// The first line of the stream without its line ending; nullopt at end of
// input or for an empty line.
std::optional<std::string> read_password_line(std::istream& in);

// Milliseconds since the Unix epoch.
long long now_ms();

// "2024-05-01 12:00 UTC" for a time in Unix milliseconds.
std::string format_time_utc(long long unix_ms);

}  // namespace yunzi::admin
