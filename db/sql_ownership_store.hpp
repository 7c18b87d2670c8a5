// The SQL ownership store (see db/ownership_store.hpp).
#pragma once

#include "db/connection.hpp"
#include "db/ownership_store.hpp"

namespace yunzi::db {

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
