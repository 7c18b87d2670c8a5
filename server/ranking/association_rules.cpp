#include "server/ranking/association_rules.hpp"

#include <charconv>

namespace yunzi::ranking {

namespace {

std::optional<int> whole_number(std::string_view text) {
  int value = 0;
  const char* end = text.data() + text.size();
  auto [stop, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc{} || stop != end) return std::nullopt;
  return value;
}

std::optional<int> score(std::string_view text) {
  const auto value = whole_number(text);
  if (!value || *value < 0 || *value > max_game_score) return std::nullopt;
  return value;
}

}  // namespace

Expected<ScoreTable, std::string> parse_score_table(std::string_view text) {
  const std::string expected = "\"" + std::string(text) +
                               "\" is not five WIN/LOSS scores (0..100) separated by commas, for own rank minus "
                               "opponent's +2, +1, 0, -1, -2 (like 80/20,85/25,90/30,95/35,100/40)";
  ScoreTable table{};
  std::size_t row = 0;
  std::string_view rest = text;
  while (true) {
    const std::size_t comma = rest.find(',');
    const std::string_view pair = rest.substr(0, comma);
    const std::size_t slash = pair.find('/');
    if (row == table.size() || slash == std::string_view::npos) return unexpected(expected);
    const auto win = score(pair.substr(0, slash));
    const auto loss = score(pair.substr(slash + 1));
    if (!win || !loss) return unexpected(expected);
    table[row++] = ScoreRow{*win, *loss};
    if (comma == std::string_view::npos) break;
    rest = rest.substr(comma + 1);
  }
  if (row != table.size()) return unexpected(expected);
  return table;
}

std::string to_spec(const ScoreTable& scores) {
  std::string text;
  for (const ScoreRow& row : scores) {
    if (!text.empty()) text += ',';
    text += std::to_string(row.win) + "/" + std::to_string(row.loss);
  }
  return text;
}

std::string_view to_string(AverageReading reading) { return reading == AverageReading::block ? "block" : "sliding"; }

std::optional<AverageReading> parse_average_reading(std::string_view text) {
  if (text == "sliding") return AverageReading::sliding;
  if (text == "block") return AverageReading::block;
  return std::nullopt;
}

Expected<std::optional<int>, std::string> parse_demotion_average(std::string_view text) {
  if (text == "none") return std::optional<int>{};
  const std::string expected =
      "\"" + std::string(text) + "\" is not none or an average from 0 to 100 with at most one decimal";
  const std::size_t dot = text.find('.');
  const auto whole = whole_number(text.substr(0, dot));
  std::optional<int> tenth = 0;
  if (dot != std::string_view::npos) {
    const std::string_view decimal = text.substr(dot + 1);
    tenth = decimal.size() == 1 ? whole_number(decimal) : std::nullopt;
  }
  if (!whole || !tenth || *whole < 0 || *tenth < 0) return unexpected(expected);
  const int tenths = *whole * 10 + *tenth;
  if (tenths > max_game_score * 10) return unexpected(expected);
  return std::optional<int>{tenths};
}

std::string tenths_text(int tenths) {
  return std::to_string(tenths / 10) + (tenths % 10 != 0 ? "." + std::to_string(tenths % 10) : "");
}

std::string demotion_average_spec(std::optional<int> tenths) { return tenths ? tenths_text(*tenths) : "none"; }

}  // namespace yunzi::ranking
