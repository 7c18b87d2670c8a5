// A cluster node's share of the live games: the games its lease rounds claim
// are restored here, and the games another node took over (this node was
// paused past its leases, or cut off from the database) are retired.
#include <set>
#include <utility>

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>

#include "server/node/cluster_node.hpp"

namespace yunzi::node {

void ClusterNode::on_lease_round(app::App& app, db::Stores& stores, const db::LeaseRound& round) {
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
    boost::asio::post(io_,
                      [this, &app, game = std::move(**stored), players = std::move(*players), fence = lease.fence] {
                        if (app.adopt_game(game, players, fence) && relay_) relay_->announce_taken_over(game.game.id);
                      });
  }
  if (!round.renewed) return;
  if (round.failure) {
    spdlog::warn("lease renewal failed node={} error={}; writes of this node's games stay fenced", options_.node,
                 round.failure->message);
    return;
  }
  for (auto& [game, fence] : lost_games(app, stores, round)) {
    boost::asio::post(io_, [&app, game = game, fence = fence] { app.retire_game(game, fence); });
  }
}

std::vector<std::pair<GameId, db::GameFence>> ClusterNode::lost_games(app::App& app, db::Stores& stores,
                                                                      const db::LeaseRound& renewal) {
  std::set<std::pair<GameId, std::int64_t>> kept;
  for (const db::GameLease& lease : renewal.held) kept.emplace(lease.game, lease.fence.epoch);
  std::vector<std::pair<GameId, db::GameFence>> lost;
  for (const auto& [id, running] : app.games().all()) {
    if (!running.fence || running.held_since >= renewal.renewal_sent) continue;
    if (kept.count({id, running.fence->epoch}) > 0) continue;
    auto owner = stores.owners().owner_of(id);
    if (owner && *owner && (*owner)->fence != *running.fence) lost.emplace_back(id, *running.fence);
  }
  return lost;
}

}  // namespace yunzi::node
