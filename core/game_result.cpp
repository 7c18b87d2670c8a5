#include "core/game_result.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace yunzi {

namespace {

constexpr EndReason all_reasons[] = {EndReason::resignation, EndReason::time, EndReason::count, EndReason::forfeit,
                                     EndReason::aborted};

double hundredths(double points) { return std::round(points * 100.0) / 100.0; }

// "3.5", "12.25", "3": at most two decimals, no trailing zeros.
std::string margin_text(double margin) {
  char digits[32];
  std::snprintf(digits, sizeof digits, "%.2f", margin);
  std::string text = digits;
  while (text.back() == '0') text.pop_back();
  if (text.back() == '.') text.pop_back();
  return text;
}

// A positive decimal such as "3.5": digits with at most one point, nothing else.
std::optional<double> parse_margin(std::string_view text) {
  if (text.empty() || text.front() == '.' || text.back() == '.') return std::nullopt;
  int points = 0;
  for (char c : text) {
    if (c == '.') ++points;
    else if (c < '0' || c > '9') return std::nullopt;
  }
  if (points > 1) return std::nullopt;
  double value = 0;
  const auto [stop, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || stop != text.data() + text.size() || !std::isfinite(value)) return std::nullopt;
  value = hundredths(value);
  if (value <= 0) return std::nullopt;
  return value;
}

std::optional<EndReason> parse_win_reason(std::string_view text) {
  if (text == "R" || text == "Resign") return EndReason::resignation;
  if (text == "T" || text == "Time") return EndReason::time;
  if (text == "F" || text == "Forfeit") return EndReason::forfeit;
  return std::nullopt;
}

}  // namespace

std::string_view to_string(EndReason reason) {
  switch (reason) {
    case EndReason::resignation: return "resignation";
    case EndReason::time: return "time";
    case EndReason::forfeit: return "forfeit";
    case EndReason::aborted: return "aborted";
    case EndReason::count: break;
  }
  return "count";
}

std::optional<EndReason> parse_end_reason(std::string_view text) {
  for (EndReason reason : all_reasons) {
    if (text == to_string(reason)) return reason;
  }
  return std::nullopt;
}

GameResult counted_result(double black_margin) {
  const double rounded = hundredths(black_margin);
  if (rounded == 0.0) return GameResult{std::nullopt, EndReason::count, 0};
  return GameResult{rounded > 0 ? Color::black : Color::white, EndReason::count, std::fabs(rounded)};
}

GameResult win_by(Color winner, EndReason how) { return GameResult{winner, how, 0}; }

GameResult aborted_result() { return GameResult{std::nullopt, EndReason::aborted, 0}; }

std::string to_sgf(const GameResult& result) {
  if (!result.winner) return result.how == EndReason::count ? "0" : "Void";
  std::string text{to_letter(*result.winner), '+'};
  switch (result.how) {
    case EndReason::resignation: return text + "R";
    case EndReason::time: return text + "T";
    case EndReason::forfeit: return text + "F";
    case EndReason::count: return text + margin_text(hundredths(result.margin));
    case EndReason::aborted: break;
  }
  return "Void";
}

std::optional<GameResult> parse_sgf_result(std::string_view text) {
  if (text == "0" || text == "Draw") return GameResult{std::nullopt, EndReason::count, 0};
  if (text == "Void") return aborted_result();
  if (text.size() < 3 || text[1] != '+') return std::nullopt;
  const std::optional<Color> winner = parse_color_letter(text[0]);
  if (!winner) return std::nullopt;
  const std::string_view rest = text.substr(2);
  if (auto how = parse_win_reason(rest)) return win_by(*winner, *how);
  if (auto margin = parse_margin(rest)) return GameResult{winner, EndReason::count, *margin};
  return std::nullopt;
}

}  // namespace yunzi
