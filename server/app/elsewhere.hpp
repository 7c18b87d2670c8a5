// What lives on the other nodes of a cluster, as the rest of the server asks
// about it: the games they run, the user's connections there, the seeks and
// challenges they hold, and the store they share. The App and its handlers
// talk to this alone. A single node has no other node (LoneNode answers every
// question from here); server/node's ClusterNode carries it over PostgreSQL
// and NATS.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/ids.hpp"
#include "core/rank.hpp"
#include "db/ownership_store.hpp"
#include "db/records.hpp"
#include "db/stores.hpp"
#include "protocol/errors.hpp"
#include "protocol/requests.hpp"
#include "server/app/call.hpp"
#include "server/lobby/lobby_peers.hpp"
#include "server/session/session.hpp"

namespace yunzi::app {

// Answers a request about a game no node runs at that moment from the database. `owner_may_change`: another
// node may be taking the game over (a cluster over a bus), so a game stored as in progress is coming back.
using NotRunning = std::function<void(bool owner_may_change)>;

// Why a new game's players may not have it.
struct GameRefusal {
  protocol::ErrorCode code;
  std::string message;
};

class Elsewhere {
 public:
  virtual ~Elsewhere() = default;

  // --- New games, on the writer thread inside the transaction that stores
  // them. Before the row: a refusal when games other nodes made a moment ago
  // put a player over a cap this node's lobby could not see. After it: the
  // lease that makes the game this node's, none when no other node could run it.
  virtual db::DbResult<std::optional<GameRefusal>> refuse_new_game(db::Stores& stores, const db::NewGame& row,
                                                                   std::size_t games_per_user) const = 0;
  virtual db::DbResult<std::optional<db::GameFence>> claim_new_game(db::Stores& stores, GameId game,
                                                                    TimeMs now) const = 0;

  // --- The games this node runs, as the other nodes' connections reach them.
  virtual void serve(GameId game) = 0;
  virtual void unserve(GameId game) = 0;

  // --- This node's connections in games this node does not run.
  // A watch: answered by the node that runs the game, or by `not_running`.
  virtual void watch(const Call& call, const protocol::req::GameWatch& request, NotRunning not_running) = 0;
  // The connection stops hearing the game; answered ok either way.
  virtual void unwatch(const Call& call, GameId game) = 0;
  // Any other game.* request (`text`, as the client sent it): answered by the node that runs the game, or by
  // `not_running`.
  virtual void call(const Call& call, GameId game, std::string text, bool muted, NotRunning not_running) = 0;
  // A user signed in here: they are back in their games other nodes run;
  // `then` gets those games (the read failing, none).
  virtual void rejoin_games(const Call& call, const db::UserRecord& user,
                            std::function<void(const Call&, std::vector<GameId>)> then) = 0;
  // A connection closed or logged out: it leaves every game it was in elsewhere.
  virtual void connection_left(std::uint64_t connection) = 0;
  // On the session's strand: a game this node ran, which the connection followed, runs on another node now.
  // True when the connection follows it there (sent game.start from there, or closed with 1012 and `reason`
  // when no node answers for it); false when no other node can be reached, for the caller to close it.
  virtual bool follow_moved_game(const session::SessionPtr& session, GameId game, const std::string& reason) = 0;

  // --- What reaches one user on the other nodes (this node's connections are the caller's).
  virtual void send_to_user(UserId user, const protocol::Frame& frame) const = 0;
  virtual void rank_changed(UserId user, Rank rank, const protocol::Frame& frame) const = 0;
  virtual void kick(UserId user, std::string_view reason) const = 0;
  virtual void forfeit_games(UserId user, const std::string& reason) const = 0;
  // A game this node made for the user: their connections there join it from its start.
  virtual void game_made(UserId user, GameId game) const = 0;

  // --- Seeks and challenges another node holds: a request about one (`kind`:
  // its type) is passed there and answered from there, true; false for the
  // lobby here to answer.
  virtual bool pass_on(const lobby::LobbyCaller& caller, std::string kind, std::int64_t target,
                       nlohmann::json extra) const = 0;
};

}  // namespace yunzi::app
