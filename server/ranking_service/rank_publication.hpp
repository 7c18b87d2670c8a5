// The monthly publication of a policy that promotes by averages (the
// association's dan ranks): on the first of each month the games finished
// before it are judged for every dan player and the promotions recorded. The
// TOM policy publishes nothing. Running it again for the same month changes
// nothing: a promoted player's games at the new rank start after the event.
#pragma once

#include <utility>
#include <vector>

#include "db/stores.hpp"
#include "server/ranking/policy.hpp"
#include "server/ranking_service/rank_records.hpp"

namespace yunzi::ranking_service {

// `month_start`: the first moment of the month being published; only games
// finished before it count. The events are recorded at `now`.
db::DbResult<std::vector<UserRankChange>> publish_month(db::Stores& stores, const ranking::RankingPolicy& policy,
                                                        TimeMs month_start, TimeMs now);

}  // namespace yunzi::ranking_service
