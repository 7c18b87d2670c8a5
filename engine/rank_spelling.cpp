#include "engine/rank_spelling.hpp"

namespace yunzi::engine {

std::string rank_spelling(int index) {
  if (index < rank_index_18k || index > rank_index_9d) return {};
  if (index <= 18) return std::to_string(19 - index) + "k";
  return std::to_string(index - 18) + "d";
}

std::optional<int> parse_rank_spelling(std::string_view text) {
  if (text.size() < 2 || text.size() > 3) return std::nullopt;
  const char unit = text.back();
  const std::string_view digits = text.substr(0, text.size() - 1);
  if (digits.front() == '0') return std::nullopt;
  int number = 0;
  for (const char c : digits) {
    if (c < '0' || c > '9') return std::nullopt;
    number = number * 10 + (c - '0');
  }
  if ((unit == 'k' || unit == 'K') && number >= 1 && number <= 18) return 19 - number;
  if ((unit == 'd' || unit == 'D') && number >= 1 && number <= 9) return 18 + number;
  return std::nullopt;
}

}  // namespace yunzi::engine
