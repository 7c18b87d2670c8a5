#include "server/ranking/eligibility.hpp"

#include <cstdlib>
#include <string>

namespace yunzi::ranking {

namespace {
Unexpected<RankingError> refuse(std::string why) {
  return unexpected(RankingError{RankingErrorCode::not_rated_eligible, std::move(why)});
}
}  // namespace

Expected<RatedTerms, RankingError> rated_terms(const RatedGameRequest& request) {
  if (request.board_size != rated_board_size) {
    return refuse("rated games are played on 19x19 only, not " + std::to_string(request.board_size) + "x" +
                  std::to_string(request.board_size));
  }
  if (request.first_has_rated_game_in_progress || request.second_has_rated_game_in_progress) {
    return refuse("a player may have only one rated game in progress at a time");
  }
  const int gap = std::abs(steps_between(request.first, request.second));
  if (gap > 1) {
    return refuse("rated games need ranks at most one step apart, not " + to_string(request.first) + " and " +
                  to_string(request.second));
  }
  if (request.handicap == 0) return RatedTerms{0, even_game_komi, true, std::nullopt};
  if (request.handicap != 1) return refuse("rated games are even or 让先 (handicap 0 or 1), never handicap stones");
  if (gap == 0) return refuse("让先 needs ranks one step apart; players of the same rank play even with nigiri");
  const Seat weaker = request.first < request.second ? Seat::first : Seat::second;
  return RatedTerms{1, rang_xian_komi, false, weaker};
}

}  // namespace yunzi::ranking
