// Games that move between the nodes of a cluster: one this node's lease
// round claimed is restored here and its players' connections here join it;
// one another node runs now is retired here.
#include <spdlog/spdlog.h>

#include "server/app/app.hpp"

namespace yunzi::app {

bool App::adopt_game(const db::GameWithMoves& game, const game::StoredPlayers& players, db::GameFence fence) {
  const GameId id = game.game.id;
  // This node may still list the game from an epoch it lost.
  if (auto earlier = games_.get(id); earlier && earlier->fence) retire_game(id, *earlier->fence);
  if (!restore_room(game, players, fence)) {
    // Given up, for another node (or a later round) to try.
    writer_.submit([id, fence](db::Stores& stores) { return stores.owners().release(id, fence); },
                   [id](db::DbResult<Done> released) {
                     if (!released) spdlog::warn("game={} not released: {}", id, released.error().message);
                   });
    return false;
  }
  metrics_.games_taken_over.Increment();
  auto room = games_.find(id);
  for (UserId player : {game.game.black_id, game.game.white_id}) {
    for (const session::SessionPtr& session : online_.sessions_of(player)) {
      room->player_connected(player, session->connection());
      session->post([id](session::Session& s) { s.watched_games.insert(id); });
    }
  }
  spdlog::info("game={} taken over node={} epoch={}", id, fence.node, fence.epoch);
  return true;
}

void App::retire_game(GameId game, const db::GameFence& fence) {
  auto running = games_.remove_held(game, fence);
  if (!running) return;
  elsewhere_.unserve(game);
  lobby_->game_moved_away(game);
  metrics_.games_lost.Increment();
  // This node's connections in the room follow the game where it went; the other nodes' do so on their own.
  running->room->retire([this, game](std::vector<std::uint64_t> followers) {
    const std::string reason = "another node runs game " + std::to_string(game) + " now; connect again";
    for (std::uint64_t connection : followers) {
      auto session = online_.session(connection);
      if (!session) continue;
      session->post([this, game, reason](session::Session& s) {
        if (s.closed || s.watched_games.erase(game) == 0) return;
        if (!elsewhere_.follow_moved_game(s.shared_from_this(), game, reason))
          s.connection()->close(net::close_code::service_restart, reason);
      });
    }
  });
  spdlog::warn("game={} retired: another node holds it", game);
}

}  // namespace yunzi::app
