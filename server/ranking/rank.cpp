#include "server/ranking/rank.hpp"

#include <charconv>

namespace yunzi::ranking {

std::string_view to_string(RankingErrorCode code) {
  switch (code) {
    case RankingErrorCode::bad_rank: return "bad_rank";
    case RankingErrorCode::outside_registration_range: return "outside_registration_range";
    case RankingErrorCode::not_rated_eligible: return "not_rated_eligible";
    case RankingErrorCode::bad_input: return "bad_input";
    case RankingErrorCode::not_allowed: return "not_allowed";
    case RankingErrorCode::unknown_policy: return "unknown_policy";
  }
  return "bad_input";
}

std::string to_string(Rank rank) {
  return std::to_string(rank.grade()) + (rank.is_dan() ? "d" : "k");
}

std::optional<Rank> parse_rank(std::string_view text) {
  if (text.size() < 2 || text.size() > 3) return std::nullopt;
  const char suffix = text.back();
  const std::string_view digits = text.substr(0, text.size() - 1);
  // "07k" and "+3d" are not ranks: digits only, no leading zero.
  if (digits.front() == '0') return std::nullopt;
  int grade = 0;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), grade);
  if (error != std::errc{} || end != digits.data() + digits.size()) return std::nullopt;
  if (suffix == 'k' || suffix == 'K') {
    if (grade < 1 || grade > 18) return std::nullopt;
    return Rank::kyu(grade);
  }
  if (suffix == 'd' || suffix == 'D') {
    if (grade < 1 || grade > 9) return std::nullopt;
    return Rank::dan(grade);
  }
  return std::nullopt;
}

Expected<Rank, RankingError> parse_rank_or_error(std::string_view text) {
  if (auto rank = parse_rank(text)) return *rank;
  return unexpected(RankingError{RankingErrorCode::bad_rank,
                                 "'" + std::string(text) + "' is not a rank: use 18k..1k or 1d..9d"});
}

Expected<Rank, RankingError> parse_registration_rank(std::string_view text) {
  auto rank = parse_rank_or_error(text);
  if (!rank) return rank;
  if (*rank < lowest_registration_rank || *rank > highest_registration_rank) {
    return unexpected(RankingError{RankingErrorCode::outside_registration_range,
                                   "a new player chooses a rank from 10k to 1d, not " + to_string(*rank)});
  }
  return rank;
}

}  // namespace yunzi::ranking
