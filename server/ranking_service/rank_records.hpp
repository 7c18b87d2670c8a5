// The ranking module's inputs read from the stores: one rated game as a
// player saw it, a player's current block, and a player's whole rank history
// for an annulment's recomputation. Runs wherever Stores are at hand (the
// writer thread or a read connection).
#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "db/stores.hpp"
#include "protocol/payloads.hpp"
#include "server/ranking/annulment.hpp"
#include "server/ranking/policy.hpp"

namespace yunzi::ranking_service {

// The user, or not_found "no such user".
db::DbResult<db::UserRecord> existing_user(db::Stores& stores, UserId id);
db::DbResult<db::UserRecord> existing_user_by_key(db::Stores& stores, const std::string& name_key);
inline ranking::UnixSeconds unix_seconds(TimeMs ms) { return ms / 1000; }

// A game's result as `player` saw it: a win, a loss, a draw (a count of 0),
// or void (an aborted game, or none).
ranking::Outcome outcome_for(const std::optional<GameResult>& result, Color player);

ranking::RatedGame rated_game_of(const db::GameRecord& game, UserId player, const std::set<GameId>& converted);

db::DbResult<std::set<GameId>> converted_games(db::Stores& stores, UserId user);

// What counts at the player's current rank, since their last standing rank
// event: the rated games that ended after it (oldest first) and the
// tournament bonus awards won at this rank.
struct SinceLastChange {
  std::vector<ranking::RatedGame> games;
  std::vector<ranking::BonusAward> bonus;
};
db::DbResult<SinceLastChange> since_last_change(db::Stores& stores, const db::UserRecord& user);

// The block the player is in: rated games since their last standing rank
// event, replayed under the policy so that blocks it closed (a full block that
// ended in a stay) are left behind. `leave_out` is a game being ended now.
db::DbResult<ranking::PlayerState> player_state(db::Stores& stores, const ranking::RankingPolicy& policy,
                                                const db::UserRecord& user,
                                                std::optional<GameId> leave_out = std::nullopt);

struct StoredHistory {
  ranking::PlayerHistory history;
  std::vector<db::RankEvent> events;  // the stored events behind history.events, same order
  std::vector<db::GameRecord> games;  // the stored games behind history.games, same order
};

// Every rated game and every standing rank event of the player, oldest first.
db::DbResult<StoredHistory> player_history(db::Stores& stores, const db::UserRecord& user);

// A stored rank change to announce, with the user it goes to.
struct UserRankChange {
  UserId user = 0;
  protocol::RankChange change;
};

// A rank change as stored (`at`: when it took effect) and as announced.
db::RankEvent stored_event(UserId user, const ranking::RankChange& change, TimeMs at);
protocol::RankChange announced_change(const std::string& name, const ranking::RankChange& change);

// Records a win turned friendly for one player, once.
db::DbResult<Done> record_conversion(db::Stores& stores, GameId game, UserId user, std::string_view reason, TimeMs at);

}  // namespace yunzi::ranking_service
