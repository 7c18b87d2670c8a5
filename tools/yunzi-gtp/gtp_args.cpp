#include "tools/yunzi-gtp/gtp_args.hpp"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>

namespace yunzi::gtp {

Expected<Done, std::string> expect_arg_count(const Args& args, std::size_t count, std::string_view usage) {
  if (args.size() != count) return unexpected("syntax error: expected " + std::string(usage));
  return Done{};
}

Expected<engine::Color, std::string> parse_color_arg(const std::string& text) {
  if (auto color = engine::parse_color(text)) return *color;
  return unexpected("syntax error: invalid color '" + text + "'");
}

Expected<std::optional<engine::Vertex>, std::string> parse_move_arg(const std::string& text, int board_size) {
  std::string lower;
  for (char c : text) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (lower == "pass") return std::optional<engine::Vertex>{};
  if (auto vertex = engine::parse_gtp(text, board_size)) return std::optional<engine::Vertex>{*vertex};
  return unexpected("syntax error: invalid coordinate '" + text + "'");
}

Expected<int, std::string> parse_int_arg(const std::string& text) {
  int value = 0;
  const char* end = text.data() + text.size();
  const auto [rest, error] = std::from_chars(text.data(), end, value);
  if (error != std::errc() || rest != end) return unexpected("syntax error: not an integer '" + text + "'");
  return value;
}

Expected<double, std::string> parse_double_arg(const std::string& text) {
  // strtod rather than from_chars: g++ 12's floating from_chars is fine, but
  // strtod also takes "+6.5", which some controllers send.
  char* end = nullptr;
  const double value = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(value)) {
    return unexpected("syntax error: not a number '" + text + "'");
  }
  return value;
}

}  // namespace yunzi::gtp
