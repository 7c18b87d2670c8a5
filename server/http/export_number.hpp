// A score in the exports: the shortest decimal that reads back as the same
// number ("2", "1.5", "0.25"), whatever the locale.
#pragma once

#include <charconv>
#include <string>

namespace yunzi::http {

inline std::string export_number(double value) {
  char buffer[32];
  auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, end);
}

}  // namespace yunzi::http
