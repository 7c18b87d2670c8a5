// Recommendations to 6d as the server keeps them: a 9d's recommendation
// (the ranking module decides who may make it) waits for an admin's approval
// or, when the server is set so, applies at once; an admin approves it (the
// user becomes 6d, a new block) or rejects it; an admin revokes an approved
// one, putting the user back to the former rank or to 1d; and the admins'
// listing of every recommendation with the warnings the rules name. All run
// on the writer thread, the listing on a read connection.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "db/stores.hpp"
#include "protocol/payloads.hpp"
#include "server/ranking/recommendation.hpp"
#include "server/ranking_service/rank_records.hpp"

namespace yunzi::ranking_service {

// A recommendation after one step, with the names its notices need.
struct RecommendationStep {
  db::Recommendation recommendation;
  std::string recommender;
  std::string user;
  std::optional<UserRankChange> change;  // the rank change to announce, if the step made one
};

// The ranking module's refusals of the recommender come back as kind
// `invalid_argument` with the rule's reason; a candidate at 6d or above, the
// recommender himself, or a candidate with a recommendation already waiting
// as `conflict`; an unknown name as `not_found`. With `needs_approval` the
// recommendation waits for an admin and no rank changes yet.
db::DbResult<RecommendationStep> recommend_player(db::Stores& stores, UserId recommender,
                                                  const std::string& candidate_name_key, TimeMs now,
                                                  bool needs_approval);

// The user's waiting recommendation: approval makes the user 6d (reason
// `recommendation`), rejection leaves the rank alone and frees the
// recommender to recommend someone else. not_found for an unknown user or
// when nothing waits; approving for a user already at 6d or above is a
// conflict (reject it instead).
db::DbResult<RecommendationStep> approve_recommendation(db::Stores& stores, const std::string& name_key, UserId admin,
                                                        TimeMs now);
db::DbResult<RecommendationStep> reject_recommendation(db::Stores& stores, const std::string& name_key, UserId admin,
                                                       TimeMs now);

// The user's standing (approved) recommendation is revoked and the user goes
// to the chosen rank (reason `revocation`; no change when already there).
// not_found without one; conflict when the rules refuse the target.
db::DbResult<RecommendationStep> revoke_recommendation(db::Stores& stores, const std::string& name_key,
                                                       ranking::RevocationTarget to, UserId admin, TimeMs now);

// Newest first, with each recommended user's current rank and, for a
// standing recommendation, the warnings.
db::DbResult<std::vector<protocol::RecommendationEntry>> list_recommendations(db::Stores& stores,
                                                                              db::RecommendationFilter filter,
                                                                              std::optional<std::int64_t> before,
                                                                              int limit);

}  // namespace yunzi::ranking_service
