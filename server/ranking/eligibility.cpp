#include "server/ranking/eligibility.hpp"

#include <array>
#include <cstdlib>
#include <string>
#include <vector>

namespace yunzi::ranking {

namespace {
RankingError not_eligible(std::string why) {
  return RankingError{RankingErrorCode::not_rated_eligible, std::move(why)};
}
Unexpected<RankingError> refuse_rated(std::string why) { return unexpected(not_eligible(std::move(why))); }

std::string count_word(int count) {
  constexpr std::array<const char*, 5> words{"no", "one", "two", "three", "four"};
  return count >= 0 && count < static_cast<int>(words.size()) ? words[static_cast<std::size_t>(count)]
                                                              : std::to_string(count);
}

// "ranks at most one step apart (dan players: at most two dan apart, and any dan player against a 9d)"
std::string gap_rule_text(const RankGapRule& rule) {
  std::string text =
      "ranks at most " + count_word(rule.max_steps) + (rule.max_steps == 1 ? " step" : " steps") + " apart";
  std::vector<std::string> dan_terms;
  if (rule.max_dan_steps > rule.max_steps)
    dan_terms.push_back("at most " + count_word(rule.max_dan_steps) + " dan apart");
  if (rule.nine_dan_meets_every_dan) dan_terms.push_back("any dan player against a 9d");
  if (dan_terms.empty()) return text;
  text += " (dan players: " + dan_terms.front();
  if (dan_terms.size() > 1) text += ", and " + dan_terms.back();
  return text + ")";
}
}  // namespace

std::optional<RankingError> rated_ko_refusal(engine::KoRule rule) {
  if (rule == rated_ko_rule) return std::nullopt;
  return not_eligible(
      "rated games use situational superko (article 6: no move may recreate a position the opponent "
      "has faced); ko \"" +
      std::string(engine::to_string(rule)) + "\" is for friendly games only");
}

bool rank_gap_allowed(const RankGapRule& rule, Rank first, Rank second) {
  const int gap = std::abs(steps_between(first, second));
  if (gap <= rule.max_steps) return true;
  if (!first.is_dan() || !second.is_dan()) return false;
  if (gap <= rule.max_dan_steps) return true;
  return rule.nine_dan_meets_every_dan && (first == Rank::dan(9) || second == Rank::dan(9));
}

Expected<RatedTerms, RankingError> rated_terms(const RatedGameRequest& request) {
  if (request.board_size != rated_board_size) {
    return refuse_rated("rated games are played on 19x19 only, not " + std::to_string(request.board_size) + "x" +
                        std::to_string(request.board_size));
  }
  if (auto refusal = rated_ko_refusal(request.ko)) return unexpected(std::move(*refusal));
  if (request.first_has_rated_game_in_progress || request.second_has_rated_game_in_progress) {
    return refuse_rated("a player may have only one rated game in progress at a time");
  }
  if (!rank_gap_allowed(request.rank_gap, request.first, request.second)) {
    return refuse_rated("rated games need " + gap_rule_text(request.rank_gap) + ", not " + to_string(request.first) +
                        " and " + to_string(request.second));
  }
  if (request.handicap == 0) return RatedTerms{0, even_game_komi, true, std::nullopt};
  if (request.handicap != 1)
    return refuse_rated("rated games are even or 让先 (handicap 0 or 1), never handicap stones");
  if (request.first == request.second) {
    return refuse_rated("让先 needs players of different ranks; players of the same rank play even with nigiri");
  }
  const Seat weaker = request.first < request.second ? Seat::first : Seat::second;
  return RatedTerms{1, rang_xian_komi, false, weaker};
}

}  // namespace yunzi::ranking
