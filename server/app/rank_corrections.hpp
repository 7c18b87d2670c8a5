// Rank changes that come after the fact: an admin's annulment (the ranking
// module recomputes both players' histories), a 9d's recommendation to 6d
// and its revocation, and the admins' review list of short rated games. Each
// runs on the writer thread (the review list on a read connection) and
// reports the changes to announce.
#pragma once

#include <string>
#include <vector>

#include "db/stores.hpp"
#include "protocol/payloads.hpp"
#include "server/app/rank_records.hpp"
#include "server/ranking/policy.hpp"

namespace yunzi::app {

struct Annulment {
  db::GameRecord game;
  std::vector<UserRankChange> changes;  // each player's rank before -> after the recomputation
};

// Marks the ended game annulled and, for a rated game, recomputes both
// players' ranks: superseded events are set aside, the events that hold
// instead are recorded (reason "annulment"). not_found for an unknown game,
// conflict for a game in progress or already annulled.
db::DbResult<Annulment> annul_game(db::Stores& stores, const ranking::RankingPolicy& policy, db::GameId game,
                                   db::TimeMs now);

// The ranking module's refusals come back as kind `conflict` (the candidate)
// or `invalid_argument` with the reason (the recommender's right).
db::DbResult<UserRankChange> recommend_player(db::Stores& stores, db::UserId recommender,
                                                    const std::string& candidate_name_key, db::TimeMs now);

// The user's standing recommendation is revoked; the change back to the
// former rank, if the user is not there already. not_found without one.
db::DbResult<std::optional<UserRankChange>> revoke_recommendation(db::Stores& stores, const db::UserRecord& user,
                                                                        db::UserId admin, db::TimeMs now);

db::DbResult<std::vector<protocol::ReviewEntry>> review_list(db::Stores& stores, const ranking::RankingPolicy& policy,
                                                             int limit);

}  // namespace yunzi::app
