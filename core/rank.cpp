#include "core/rank.hpp"

namespace yunzi {

std::string to_string(Rank rank) { return std::to_string(rank.grade()) + (rank.is_dan() ? "d" : "k"); }

std::optional<Rank> parse_rank(std::string_view text) {
  if (text.size() < 2 || text.size() > 3) return std::nullopt;
  const char unit = text.back();
  const std::string_view digits = text.substr(0, text.size() - 1);
  if (digits.front() == '0') return std::nullopt;
  int grade = 0;
  for (const char c : digits) {
    if (c < '0' || c > '9') return std::nullopt;
    grade = grade * 10 + (c - '0');
  }
  if ((unit == 'k' || unit == 'K') && grade >= 1 && grade <= 18) return Rank::kyu(grade);
  if ((unit == 'd' || unit == 'D') && grade >= 1 && grade <= 9) return Rank::dan(grade);
  return std::nullopt;
}

std::optional<Rank> parse_rank_exactly(std::string_view text) {
  auto rank = parse_rank(text);
  if (rank && to_string(*rank) != text) return std::nullopt;
  return rank;
}

}  // namespace yunzi
