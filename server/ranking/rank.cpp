#include "server/ranking/rank.hpp"

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

Expected<Rank, RankingError> parse_rank_or_error(std::string_view text) {
  if (auto rank = parse_rank(text)) return *rank;
  return unexpected(
      RankingError{RankingErrorCode::bad_rank, "'" + std::string(text) + "' is not a rank: use 18k..1k or 1d..9d"});
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
