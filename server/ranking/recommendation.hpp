// Recommendation to 6d by a 9d: who may recommend (30 counted games at 9d,
// 15 of them in the last 30 days, one recommendation per calendar month, no
// revoked recommendee still below 8d), the warnings admins see about the
// recommended player, and revocation.
#pragma once

#include <optional>
#include <vector>

#include "engine/expected.hpp"
#include "server/ranking/error.hpp"
#include "server/ranking/rated_game.hpp"

namespace yunzi::ranking {

inline constexpr Rank recommender_rank = Rank::dan(9);
inline constexpr Rank recommended_rank = Rank::dan(6);
inline constexpr Rank right_restored_at = Rank::dan(8);
inline constexpr int required_games_at_9d = 30;
inline constexpr int required_recent_games = 15;
inline constexpr UnixSeconds recent_period = 30 * 86'400;

struct RecommenderRecord {
  Rank rank;
  std::vector<UnixSeconds> counted_games_at_9d;   // finish times of counted games played at 9d
  std::vector<UnixSeconds> recommendations;       // times of this user's earlier recommendations
  std::vector<Rank> revoked_recommendees;         // current ranks of users whose recommendation was revoked
};

Expected<Done, RankingError> may_recommend(const RecommenderRecord& recommender, UnixSeconds now);

// The rank change of the recommended user (a new block at 6d), or why not.
Expected<RankChange, RankingError> recommend(const RecommenderRecord& recommender, UserId recommender_id,
                                             UserId candidate_id, Rank candidate_rank, UnixSeconds now);

struct RecommendedRecord {
  Rank former_rank;                       // the rank before the recommendation
  std::vector<RatedGame> games_since;     // rated games since the recommendation, in order
  std::vector<RankChange> changes_since;  // rank changes since the recommendation, in order
};

enum class RecommendationWarning : std::uint8_t { few_wins_in_first_five, demoted_at_6d, demoted_at_7d };
std::string_view to_string(RecommendationWarning warning);

// Shown as soon as each is certain; fewer than 3 wins in the first 5 counted games is certain at the 3rd loss.
std::vector<RecommendationWarning> recommendation_warnings(const RecommendedRecord& record);

// Back to the former rank; nullopt when the user already holds it. The
// recommender's right stays lost while the user is below 8d (see may_recommend).
std::optional<RankChange> revoke(const RecommendedRecord& record, Rank current_rank);

}  // namespace yunzi::ranking
