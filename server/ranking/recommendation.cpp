#include "server/ranking/recommendation.hpp"

#include <algorithm>
#include <string>

#include "server/ranking/calendar.hpp"

namespace yunzi::ranking {

namespace {
Unexpected<RankingError> refuse_recommendation(std::string why) {
  return unexpected(RankingError{RankingErrorCode::not_allowed, std::move(why)});
}
constexpr int first_games_watched = 5;
constexpr int wins_expected_in_first_games = 3;
}  // namespace

Expected<Done, RankingError> may_recommend(const RecommenderRecord& recommender, UnixSeconds now) {
  if (recommender.rank != recommender_rank) return refuse_recommendation("only a 9d may recommend a player to 6d");
  const auto total = static_cast<int>(recommender.counted_games_at_9d.size());
  if (total < required_games_at_9d) {
    return refuse_recommendation("a recommender needs " + std::to_string(required_games_at_9d) +
                                 " counted games at 9d, not " + std::to_string(total));
  }
  const auto recent =
      static_cast<int>(std::count_if(recommender.counted_games_at_9d.begin(), recommender.counted_games_at_9d.end(),
                                     [now](UnixSeconds at) { return at <= now && at > now - recent_period; }));
  if (recent < required_recent_games) {
    return refuse_recommendation("a recommender needs " + std::to_string(required_recent_games) +
                                 " counted games at 9d in the last 30 days, not " + std::to_string(recent));
  }
  for (const PastRecommendation& past : recommender.recommendations) {
    if (past.revoked && past.recommendee < right_restored_at) {
      return refuse_recommendation("the right to recommend is lost until a revoked recommendee (now " +
                                   to_string(past.recommendee) + ") reaches 8d");
    }
  }
  if (!recommender.recommendations.empty()) {
    // "被推荐人达到8段或8段以上后，9段棋手方可再推荐其他用户": always, not
    // only after a revocation.
    const PastRecommendation& last = recommender.recommendations.back();
    if (last.waiting) return refuse_recommendation("the last recommendation still waits for an admin's decision");
    if (last.recommendee < right_restored_at) {
      return refuse_recommendation("a 9d may recommend again once the player last recommended (now " +
                                   to_string(last.recommendee) + ") reaches 8d");
    }
  }
  const int this_month = calendar_month(now);
  for (const PastRecommendation& past : recommender.recommendations) {
    if (calendar_month(past.at) == this_month)
      return refuse_recommendation("one recommendation per calendar month has been used");
  }
  return Done{};
}

Expected<RankChange, RankingError> recommend(const RecommenderRecord& recommender, UserId recommender_id,
                                             UserId candidate_id, Rank candidate_rank, UnixSeconds now) {
  if (recommender_id == candidate_id) return refuse_recommendation("a player cannot recommend himself");
  if (candidate_rank >= recommended_rank) {
    return refuse_recommendation("a recommendation raises a player to 6d; " + to_string(candidate_rank) +
                                 " is not below it");
  }
  auto allowed = may_recommend(recommender, now);
  if (!allowed) return unexpected(allowed.error());
  return RankChange{candidate_rank, recommended_rank, ChangeReason::recommendation, std::nullopt};
}

std::string_view to_string(RecommendationWarning warning) {
  switch (warning) {
    case RecommendationWarning::few_wins_in_first_five: return "few_wins_in_first_five";
    case RecommendationWarning::demoted_at_6d: return "demoted_at_6d";
    case RecommendationWarning::demoted_at_7d: return "demoted_at_7d";
  }
  return "few_wins_in_first_five";
}

std::vector<RecommendationWarning> recommendation_warnings(const RecommendedRecord& record) {
  std::vector<RecommendationWarning> warnings;
  int seen = 0;
  int losses = 0;
  for (const RatedGame& game : record.games_since) {
    if (!is_counted(game) || seen == first_games_watched) continue;
    ++seen;
    if (game.outcome == Outcome::loss) ++losses;
  }
  if (losses > first_games_watched - wins_expected_in_first_games) {
    warnings.push_back(RecommendationWarning::few_wins_in_first_five);
  }
  const auto demoted_from = [&](Rank rank) {
    return std::any_of(record.changes_since.begin(), record.changes_since.end(), [rank](const RankChange& change) {
      return change.reason == ChangeReason::demotion && change.from == rank;
    });
  };
  if (demoted_from(Rank::dan(6))) warnings.push_back(RecommendationWarning::demoted_at_6d);
  if (demoted_from(Rank::dan(7))) warnings.push_back(RecommendationWarning::demoted_at_7d);
  return warnings;
}

std::string_view to_string(RevocationTarget target) { return target == RevocationTarget::first_dan ? "1d" : "former"; }

std::optional<RevocationTarget> parse_revocation_target(std::string_view text) {
  if (text == "former") return RevocationTarget::former_rank;
  if (text == "1d") return RevocationTarget::first_dan;
  return std::nullopt;
}

Expected<std::optional<RankChange>, RankingError> revoke(const RecommendedRecord& record, Rank current_rank,
                                                         RevocationTarget target) {
  Rank to = record.former_rank;
  if (target == RevocationTarget::first_dan) {
    if (record.former_rank < revocation_floor) {
      return refuse_recommendation("the former rank " + to_string(record.former_rank) +
                                   " is below 1d; a revocation returns the player to it");
    }
    to = revocation_floor;
  }
  if (current_rank == to) return std::optional<RankChange>{};
  return std::optional(RankChange{current_rank, to, ChangeReason::revocation, std::nullopt});
}

}  // namespace yunzi::ranking
