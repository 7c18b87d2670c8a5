#include "db/rank_text.hpp"

namespace yunzi::db {

std::string rank_text(int rank) {
  if (rank < lowest_rank || rank > highest_rank) return {};
  if (rank <= 18) return std::to_string(19 - rank) + "k";
  return std::to_string(rank - 18) + "d";
}

std::optional<int> parse_rank(std::string_view text) {
  if (text.size() < 2 || text.size() > 3) return std::nullopt;
  const char unit = text.back();
  const std::string_view digits = text.substr(0, text.size() - 1);
  if (digits.front() == '0') return std::nullopt;
  int number = 0;
  for (char c : digits) {
    if (c < '0' || c > '9') return std::nullopt;
    number = number * 10 + (c - '0');
  }
  if (unit == 'k' && number >= 1 && number <= 18) return 19 - number;
  if (unit == 'd' && number >= 1 && number <= 9) return 18 + number;
  return std::nullopt;
}

}  // namespace yunzi::db
