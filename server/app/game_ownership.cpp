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
    boost::asio::post(io, [this, game = std::move(**stored), players = std::move(*players), fence = lease.fence] {
      adopt_room(game, players, fence);
    });
  }
  if (!round.renewed) return;
  if (round.failure) {
    spdlog::warn("lease renewal failed node={} error={}; writes of this node's games stay fenced", options.node,
                 round.failure->message);
    return;
  }
  boost::asio::post(io, [this, held = round.held, sent = round.renewal_sent] { drop_lost_games(held, sent); });
}

void App::adopt_room(const db::GameWithMoves& game, const game::StoredPlayers& players, db::GameFence fence) {
  const GameId id = game.game.id;
  // This node may still list the game from an epoch it lost.
  if (auto earlier = games.get(id)) retire_game(id);
  if (!restore_room(game, players, fence)) return;
  metrics.games_taken_over.Increment();
  auto room = games.find(id);
  for (UserId player : {game.game.black_id, game.game.white_id}) {
    for (const SessionPtr& session : online.sessions_of(player)) {
      room->player_connected(player, session->connection());
      session->post([id](Session& s) { s.watched_games.insert(id); });
    }
  }
  spdlog::info("game={} taken over node={} epoch={}", id, fence.node, fence.epoch);
}

void App::drop_lost_games(const std::vector<db::GameLease>& held, std::chrono::steady_clock::time_point renewal_sent) {
  std::set<std::pair<GameId, std::int64_t>> kept;
  for (const db::GameLease& lease : held) kept.emplace(lease.game, lease.fence.epoch);
  for (const auto& [id, running] : games.all()) {
    if (!running.fence || running.held_since >= renewal_sent) continue;
    if (kept.count({id, running.fence->epoch}) == 0) retire_game(id);
  }
}

void App::retire_game(GameId game) {
  auto running = games.remove(game);
  if (!running) return;
  lobby->game_ended(game);
  metrics.games_lost.Increment();
  running->room->retire("another node runs game " + std::to_string(game) + " now; connect again");
  spdlog::warn("game={} retired: another node holds it", game);
}

}  // namespace yunzi::app
