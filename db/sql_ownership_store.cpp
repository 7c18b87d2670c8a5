#include "db/sql_ownership_store.hpp"

#include "db/row_reading.hpp"

namespace yunzi::db {

namespace {

GameLease read_lease(const Row& row) {
  return GameLease{row.integer(0), GameFence{row.text(1), row.integer(2)}, row.integer(3)};
}

}  // namespace

DbResult<std::optional<GameLease>> SqlOwnershipStore::claim(GameId game, std::string_view node, TimeMs now_ms,
                                                            TimeMs lease_until_ms) {
  // One statement, so two nodes claiming at once cannot both win: the
  // loser's conditional update finds the winner's live lease.
  return read_first<GameLease>(
      db_.query("INSERT INTO game_owners (game_id, node, epoch, lease_until_ms) VALUES (?, ?, 1, ?) "
                "ON CONFLICT (game_id) DO UPDATE SET node = excluded.node, epoch = game_owners.epoch + 1, "
                "lease_until_ms = excluded.lease_until_ms "
                "WHERE game_owners.lease_until_ms < ? OR game_owners.node = excluded.node "
                "RETURNING game_id, node, epoch, lease_until_ms",
                game, node, lease_until_ms, now_ms),
      read_lease);
}

DbResult<std::vector<GameLease>> SqlOwnershipStore::renew(std::string_view node, TimeMs lease_until_ms) {
  auto recorded = held_by(node);
  if (!recorded) return recorded;
  std::vector<GameLease> renewed;
  for (const GameLease& lease : *recorded) {
    auto kept =
        read_first<GameLease>(db_.query("UPDATE game_owners SET lease_until_ms = ? WHERE game_id = ? AND node = ? "
                                        "RETURNING game_id, node, epoch, lease_until_ms",
                                        lease_until_ms, lease.game, node),
                              read_lease);
    if (!kept) return unexpected(kept.error());
    if (*kept) renewed.push_back(std::move(**kept));
  }
  return renewed;
}

DbResult<std::vector<GameLease>> SqlOwnershipStore::held_by(std::string_view node) {
  return read_all<GameLease>(
      db_.query("SELECT game_id, node, epoch, lease_until_ms FROM game_owners WHERE node = ? ORDER BY game_id", node),
      read_lease);
}

DbResult<Done> SqlOwnershipStore::hold(GameId game, const GameFence& fence) { return hold_game(db_, game, fence); }

Unexpected<DbError> lost_hold(GameId game, const GameFence& fence) {
  return db_failure(DbErrorKind::not_owner, "game " + std::to_string(game) + " is no longer held by node " +
                                                fence.node + " at epoch " + std::to_string(fence.epoch));
}

DbResult<Done> hold_game(Connection& db, GameId game, const GameFence& fence) {
  // SQLite has one writer at a time, so the plain read is the whole check;
  // PostgreSQL's row lock makes a concurrent claim wait for this transaction.
  static constexpr std::string_view check =
      "SELECT epoch FROM game_owners WHERE game_id = ? AND node = ? AND epoch = ?";
  static const std::string locking = std::string(check) + " FOR SHARE";
  auto held = read_first<std::int64_t>(
      db.query(db.engine() == Engine::postgresql ? std::string_view(locking) : check, game, fence.node, fence.epoch),
      [](const Row& row) { return row.integer(0); });
  if (!held) return unexpected(held.error());
  if (!*held) return lost_hold(game, fence);
  return Done{};
}

DbResult<Done> SqlOwnershipStore::release(GameId game, const GameFence& fence) {
  return db_.execute("DELETE FROM game_owners WHERE game_id = ? AND node = ? AND epoch = ?", game, fence.node,
                     fence.epoch);
}

DbResult<std::vector<GameId>> SqlOwnershipStore::orphaned(TimeMs now_ms, int limit) {
  return read_all<GameId>(
      db_.query("SELECT g.id FROM games g LEFT JOIN game_owners o ON o.game_id = g.id "
                "WHERE g.status = 'playing' AND (o.game_id IS NULL OR o.lease_until_ms < ?) ORDER BY g.id LIMIT ?",
                now_ms, limit),
      [](const Row& row) { return row.integer(0); });
}

DbResult<std::optional<GameLease>> SqlOwnershipStore::owner_of(GameId game) {
  return read_first<GameLease>(
      db_.query("SELECT game_id, node, epoch, lease_until_ms FROM game_owners WHERE game_id = ?", game), read_lease);
}

}  // namespace yunzi::db
