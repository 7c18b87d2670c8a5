// The App's questions about the other nodes, answered by the cluster node's
// parts: the store for new games, the relay for games other nodes run,
// UserNews for what reaches one user, the lobby link for seeks and
// challenges. Without a bus only the store is shared.
#include <algorithm>
#include <string>

#include <spdlog/spdlog.h>

#include "server/app/reading.hpp"
#include "server/node/cluster_node.hpp"

namespace yunzi::node {

// Each node's lobby counts a player's games from what it has heard of the
// others, which a game made elsewhere a moment ago may not have reached; the
// database has the last word, with both players' rows locked.
db::DbResult<std::optional<app::GameRefusal>> ClusterNode::refuse_new_game(db::Stores& stores, const db::NewGame& row,
                                                                           std::size_t games_per_user) const {
  const auto [first, second] = std::minmax(row.black_id, row.white_id);
  for (UserId player : {first, second}) {
    auto games = stores.games().lock_games_in_progress(player);
    if (!games) return unexpected(games.error());
    if (static_cast<std::size_t>(games->total) >= games_per_user) {
      return std::optional<app::GameRefusal>(
          app::GameRefusal{protocol::ErrorCode::limit_reached,
                           "at most " + std::to_string(games_per_user) + " games in progress per user"});
    }
    if (row.settings.rated && games->rated > 0) {
      return std::optional<app::GameRefusal>(app::GameRefusal{
          protocol::ErrorCode::not_rated_eligible, "a player may have only one rated game in progress at a time"});
    }
  }
  return std::optional<app::GameRefusal>();
}

db::DbResult<std::optional<db::GameFence>> ClusterNode::claim_new_game(db::Stores& stores, GameId game,
                                                                       TimeMs now) const {
  auto lease = stores.owners().claim(game, options_.node, now, now + options_.lease.count());
  if (!lease) return unexpected(lease.error());
  if (!*lease) return db::db_failure(db::DbErrorKind::conflict, "a new game was claimed by another node");
  return std::optional<db::GameFence>((*lease)->fence);
}

void ClusterNode::serve(GameId game) {
  if (relay_) relay_->serve(game);
}

void ClusterNode::unserve(GameId game) {
  if (relay_) relay_->unserve(game);
}

void ClusterNode::watch(const app::Call& call, const protocol::req::GameWatch& request, app::NotRunning not_running) {
  if (!relay_) return lone_.watch(call, request, std::move(not_running));
  // Shown as watching in every node's lobby while the game runs (the lobby knows its players).
  session::Session& s = *call.session;
  if (s.user && s.spectating.insert(request.game).second) app_->lobby().set_watching(s.user->id, request.game, true);
  relay_->watch_remote(call, request, std::move(not_running));
}

void ClusterNode::unwatch(const app::Call& call, GameId game) {
  if (!relay_) return lone_.unwatch(call, game);
  relay_->unwatch_remote(call, game);
}

void ClusterNode::call(const app::Call& call, GameId game, std::string text, bool muted, app::NotRunning not_running) {
  if (!relay_) return lone_.call(call, game, std::move(text), muted, std::move(not_running));
  relay_->call_remote(call, game, std::move(text), muted, std::move(not_running));
}

// The user's games in progress that other nodes run: read from the database
// and joined there, so that the player is back in them wherever they run.
void ClusterNode::rejoin_games(const app::Call& call, const db::UserRecord& user,
                               std::function<void(const app::Call&, std::vector<GameId>)> then) {
  if (!relay_) return lone_.rejoin_games(call, user, std::move(then));
  app::read_then<std::vector<GameId>>(
      call, [id = user.id](db::Stores& stores) { return stores.games().in_progress_of_user(id); },
      [relay = relay_, &running = app_->games(), id = user.id, name = user.name, then = std::move(then)](
          const app::Call& c, db::DbResult<std::vector<GameId>> games) {
        if (!games) spdlog::error("games in progress of user={} not read: {}", name, games.error().message);
        std::vector<GameId> elsewhere;
        for (GameId game : games ? *games : std::vector<GameId>{}) {
          if (!running.find(game)) elsewhere.push_back(game);
        }
        // Logged out or closed meanwhile: nobody is back.
        if (c.session->closed || !c.session->user || c.session->user->id != id) elsewhere.clear();
        relay->join_remote(c.session, id, name, elsewhere);
        then(c, std::move(elsewhere));
      });
}

void ClusterNode::connection_left(std::uint64_t connection) {
  if (relay_) relay_->connection_left(connection);
}

bool ClusterNode::follow_moved_game(const session::SessionPtr& session, GameId game, const std::string& reason) {
  if (!relay_) return false;
  relay_->follow_moved(session, game, reason);
  return true;
}

void ClusterNode::send_to_user(UserId user, const protocol::Frame& frame) const {
  if (user_news_) user_news_->send_to_user(user, frame);
}

void ClusterNode::rank_changed(UserId user, Rank rank, const protocol::Frame& frame) const {
  if (user_news_) user_news_->rank_changed(user, rank, frame);
}

void ClusterNode::kick(UserId user, std::string_view reason) const {
  if (user_news_) user_news_->kick(user, reason);
}

void ClusterNode::forfeit_games(UserId user, const std::string& reason) const {
  if (user_news_) user_news_->forfeit_games(user, reason);
}

void ClusterNode::game_made(UserId user, GameId game) const {
  if (user_news_) user_news_->game_made(user, game);
}

bool ClusterNode::pass_on(const lobby::LobbyCaller& caller, std::string kind, std::int64_t target,
                          nlohmann::json extra) const {
  return lobby_link_ && lobby_link_->pass_on(caller, std::move(kind), target, std::move(extra));
}

}  // namespace yunzi::node
