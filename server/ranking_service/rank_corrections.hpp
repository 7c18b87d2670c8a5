// A rank change that comes after the fact: an admin's annulment (the ranking
// module recomputes both players' histories). Runs on the writer thread and
// reports the changes to announce. Recommendations to 6d are in
// rank_recommendations.hpp, the review list in short_game_review.hpp.
#pragma once

#include <string>
#include <vector>

#include "db/stores.hpp"
#include "protocol/payloads.hpp"
#include "server/ranking/policy.hpp"
#include "server/ranking_service/rank_records.hpp"

namespace yunzi::ranking_service {

struct Annulment {
  db::GameRecord game;
  std::vector<UserRankChange> changes;  // each player's rank before -> after the recomputation
};

// Marks the ended game annulled and, for a rated game, recomputes both
// players' ranks: superseded events are set aside, the events that hold
// instead are recorded (reason "annulment"). not_found for an unknown game,
// conflict for a game in progress or already annulled.
db::DbResult<Annulment> annul_game(db::Stores& stores, const ranking::RankingPolicy& policy, GameId game, TimeMs now);

}  // namespace yunzi::ranking_service
