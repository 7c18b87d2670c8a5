// Recommendation to 6d by a 9d: who may recommend (30 counted games at 9d,
// 15 of them in the last 30 days, one recommendation per calendar month, the
// player last recommended at 8d or above, no revoked recommendee still below
// 8d), the warnings admins see about the recommended player, and revocation
// to the former rank or to 1d.
#pragma once

#include <optional>
#include <vector>

#include "core/expected.hpp"
#include "server/ranking/error.hpp"
#include "server/ranking/rated_game.hpp"

namespace yunzi::ranking {

inline constexpr Rank recommender_rank = Rank::dan(9);
inline constexpr Rank recommended_rank = Rank::dan(6);
inline constexpr Rank right_restored_at = Rank::dan(8);
// A revocation's other choice besides the former rank: "1段（注册时最高段位）".
inline constexpr Rank revocation_floor = highest_registration_rank;
inline constexpr int required_games_at_9d = 30;
inline constexpr int required_recent_games = 15;
inline constexpr UnixSeconds recent_period = 30 * 86'400;

// One of the recommender's earlier recommendations that stands or waits for
// an admin (a rejected one never took effect and is left out).
struct PastRecommendation {
  UnixSeconds at = 0;    // when it was made
  Rank recommendee;      // the recommended user's rank now
  bool waiting = false;  // not yet approved by an admin
  bool revoked = false;
};

struct RecommenderRecord {
  Rank rank;
  std::vector<UnixSeconds> counted_games_at_9d;     // finish times of counted games played at 9d
  std::vector<PastRecommendation> recommendations;  // oldest first
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

// Where a revocation puts the user ("降回原段位或1段"): the admin chooses.
enum class RevocationTarget : std::uint8_t { former_rank, first_dan };
std::string_view to_string(RevocationTarget target);  // "former", "1d"
std::optional<RevocationTarget> parse_revocation_target(std::string_view text);

// The change to the chosen rank; nullopt when the user holds it already.
// 1d is refused for a user whose former rank was below it: a revocation
// takes a player back, never above where the recommendation found them. The
// recommender's right stays lost while the user is below 8d (see may_recommend).
Expected<std::optional<RankChange>, RankingError> revoke(const RecommendedRecord& record, Rank current_rank,
                                                         RevocationTarget target);

}  // namespace yunzi::ranking
