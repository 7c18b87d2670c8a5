// A cluster node's share of the live games: the games its lease rounds claim
// are restored here, and the games another node took over (this node was
// paused past its leases, or cut off from the database) are retired.
#include <set>
#include <utility>

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>

#include "server/app/app.hpp"

namespace yunzi::app {

void App::on_lease_round(db::Stores& stores, const db::LeaseRound& round) {
  for (const db::GameLease& lease : round.claimed) {
    // Read on the lease thread with its connection: no io thread waits for it.
    auto stored = stores.games().load(lease.game);
    std::optional<game::StoredPlayers> players;
    if (stored && *stored && !(*stored)->game.result) {
      auto read = game::stored_players(stores, (*stored)->game);
      if (read) players = std::move(*read);
    }
    if (!players) {
      spdlog::error("game={} claimed but not readable; given up for another node to try", lease.game);
      (void)stores.owners().release(lease.game, lease.fence);
      continue;
    }
    boost::asio::post(io_, [this, game = std::move(**stored), players = std::move(*players), fence = lease.fence] {
      adopt_room(game, players, fence);
    });
  }
  if (!round.renewed) return;
  if (round.failure) {
    spdlog::warn("lease renewal failed node={} error={}; writes of this node's games stay fenced", options_.node,
                 round.failure->message);
    return;
  }
  for (auto& [game, fence] : lost_games(stores, round)) {
    boost::asio::post(io_, [this, game = game, fence = fence] { retire_game(game, fence); });
  }
}

std::vector<std::pair<GameId, db::GameFence>> App::lost_games(db::Stores& stores, const db::LeaseRound& renewal) {
  std::set<std::pair<GameId, std::int64_t>> kept;
  for (const db::GameLease& lease : renewal.held) kept.emplace(lease.game, lease.fence.epoch);
  std::vector<std::pair<GameId, db::GameFence>> lost;
  for (const auto& [id, running] : games_.all()) {
    if (!running.fence || running.held_since >= renewal.renewal_sent) continue;
    if (kept.count({id, running.fence->epoch}) > 0) continue;
    auto owner = stores.owners().owner_of(id);
    if (owner && *owner && (*owner)->fence != *running.fence) lost.emplace_back(id, *running.fence);
  }
  return lost;
}

void App::adopt_room(const db::GameWithMoves& game, const game::StoredPlayers& players, db::GameFence fence) {
  const GameId id = game.game.id;
  // This node may still list the game from an epoch it lost.
  if (auto earlier = games_.get(id); earlier && earlier->fence) retire_game(id, *earlier->fence);
  if (!restore_room(game, players, fence)) {
    // Given up, for another node (or a later round) to try.
    writer_.submit([id, fence](db::Stores& stores) { return stores.owners().release(id, fence); },
                   [id](db::DbResult<Done> released) {
                     if (!released) spdlog::warn("game={} not released: {}", id, released.error().message);
                   });
    return;
  }
  metrics_.games_taken_over.Increment();
  if (relay_) relay_->announce_taken_over(id);
  auto room = games_.find(id);
  for (UserId player : {game.game.black_id, game.game.white_id}) {
    for (const session::SessionPtr& session : online_.sessions_of(player)) {
      room->player_connected(player, session->connection());
      session->post([id](session::Session& s) { s.watched_games.insert(id); });
    }
  }
  spdlog::info("game={} taken over node={} epoch={}", id, fence.node, fence.epoch);
}

void App::retire_game(GameId game, const db::GameFence& fence) {
  auto running = games_.remove_held(game, fence);
  if (!running) return;
  if (relay_) relay_->unserve(game);
  lobby_->game_moved_away(game);
  metrics_.games_lost.Increment();
  running->room->retire("another node runs game " + std::to_string(game) + " now; connect again");
  spdlog::warn("game={} retired: another node holds it", game);
}

}  // namespace yunzi::app
