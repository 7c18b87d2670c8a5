// The SQL ownership store (see db/ownership_store.hpp).
#pragma once

#include "db/connection.hpp"
#include "db/ownership_store.hpp"

namespace yunzi::db {

// The fence's check for a write of the game in the same transaction (OwnershipStore::hold), and the failure of a
// write whose node no longer holds the game.
DbResult<Done> hold_game(Connection& db, GameId game, const GameFence& fence);
Unexpected<DbError> lost_hold(GameId game, const GameFence& fence);

class SqlOwnershipStore final : public OwnershipStore {
 public:
  explicit SqlOwnershipStore(Connection& connection) : db_(connection) {}
  DbResult<std::optional<GameLease>> claim(GameId game, std::string_view node, TimeMs now_ms,
                                           TimeMs lease_until_ms) override;
  DbResult<std::vector<GameLease>> renew(std::string_view node, TimeMs lease_until_ms) override;
  DbResult<std::vector<GameLease>> held_by(std::string_view node) override;
  DbResult<Done> hold(GameId game, const GameFence& fence) override;
  DbResult<Done> release(GameId game, const GameFence& fence) override;
  DbResult<std::vector<GameId>> orphaned(TimeMs now_ms, int limit) override;
  DbResult<std::optional<GameLease>> owner_of(GameId game) override;

 private:
  Connection& db_;
};

}  // namespace yunzi::db
