#include "engine/sgf_values.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace yunzi::engine {

namespace {

std::string_view trim(std::string_view text) {
  const auto is_space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  return text;
}

}  // namespace

std::optional<int> parse_sgf_number(std::string_view text) {
  text = trim(text);
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  int value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return value;
}

std::optional<double> parse_sgf_real(std::string_view text) {
  text = trim(text);
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  std::string copy(text);
  std::replace(copy.begin(), copy.end(), ',', '.');  // "6,5" from locales with a decimal comma
  double value = 0;
  const auto [end, error] = std::from_chars(copy.data(), copy.data() + copy.size(), value, std::chars_format::fixed);
  if (error != std::errc() || end != copy.data() + copy.size() || copy.empty() || !std::isfinite(value)) {
    return std::nullopt;
  }
  return value;
}

std::string format_sgf_real(double value) {
  // Fixed notation of a finite double is at most 309 integer digits, or a
  // fraction of some 340 places: whatever the reader took must fit.
  char buffer[400];
  const auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed);
  if (error != std::errc()) return "0";
  return std::string(buffer, end);
}

std::optional<double> parse_sgf_komi(std::string_view text) {
  text = trim(text);
  if (text.empty()) return 0.0;
  auto value = parse_sgf_real(text);
  if (!value) return std::nullopt;
  double komi = *value;
  const bool integer = komi == std::floor(komi);
  if (integer && std::fabs(komi) >= 100) komi /= 100;
  const double quarters = std::fabs(komi) * 4 - std::floor(std::fabs(komi)) * 4;
  if (quarters == 1 || quarters == 3) komi *= 2;  // counted in stones
  // Beyond any real komi; refusing it also keeps "KM[150]"-style values
  // from being read twice (once as hundredths) after a write.
  if (std::fabs(komi) >= max_sgf_komi) return std::nullopt;
  return komi;
}

std::optional<int> parse_sgf_size(std::string_view text) {
  text = trim(text);
  if (const auto colon = text.find(':'); colon != std::string_view::npos) {
    const auto columns = parse_sgf_number(text.substr(0, colon));
    const auto rows = parse_sgf_number(text.substr(colon + 1));
    if (!columns || !rows || *columns != *rows) return std::nullopt;
    text = text.substr(0, colon);
  }
  const auto size = parse_sgf_number(text);
  if (!size || *size < min_board_size || *size > max_board_size) return std::nullopt;
  return size;
}

SgfMoveValue parse_sgf_move(std::string_view text, int size) {
  text = trim(text);
  if (text.empty() || (text == "tt" && size <= 19)) return SgfMoveValue{true, std::nullopt};
  const auto vertex = parse_sgf_point(text, size);
  if (!vertex) return SgfMoveValue{};
  return SgfMoveValue{true, vertex};
}

bool append_sgf_points(std::string_view text, int size, std::vector<Vertex>& out) {
  text = trim(text);
  const auto colon = text.find(':');
  if (colon == std::string_view::npos) {
    const auto vertex = parse_sgf_point(text, size);
    if (!vertex) return false;
    out.push_back(*vertex);
    return true;
  }
  const auto first = parse_sgf_point(trim(text.substr(0, colon)), size);
  const auto second = parse_sgf_point(trim(text.substr(colon + 1)), size);
  if (!first || !second) return false;
  for (int y = std::min(first->y, second->y); y <= std::max(first->y, second->y); ++y) {
    for (int x = std::min(first->x, second->x); x <= std::max(first->x, second->x); ++x) {
      out.push_back(Vertex{x, y});
    }
  }
  return true;
}

}  // namespace yunzi::engine
