// The rank rules applied where a rated game ends: inside the end-of-game
// writer transaction, each player's current block is read back from the
// stores, the policy judges it with the new game, and the rank changes (with
// conversions and short-game flags) are written in the same transaction.
// Also the `rank_progress` of user.info.
#pragma once

#include <vector>

#include "db/stores.hpp"
#include "protocol/payloads.hpp"
#include "server/game/end_facts.hpp"
#include "server/ranking/policy.hpp"

namespace yunzi::ranking_service {

db::DbResult<std::vector<protocol::RankChange>> rank_on_end(db::Stores& stores, const ranking::RankingPolicy& policy,
                                                            const game::GameEndFacts& facts);

db::DbResult<protocol::RankProgress> rank_progress(db::Stores& stores, const ranking::RankingPolicy& policy,
                                                   UserId user);

}  // namespace yunzi::ranking_service
