// Games across the nodes of a cluster: each game runs on one node, and a connection on any other node reaches it
// through this relay over NATS: watches, a player's presence (a stand-in, so the forfeit timer runs only once the
// player is gone from every node) and their game.* requests with the connection's round trip. server/node/README.md
// has both sides and what the bus does not promise ("Over the bus"), server/cluster/README.md the subjects.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <boost/asio/any_io_executor.hpp>

#include "core/ids.hpp"
#include "protocol/requests.hpp"
#include "server/app/call.hpp"
#include "server/app/elsewhere.hpp"
#include "server/cluster/bus.hpp"
#include "server/cluster/node_presence.hpp"
#include "server/game/game_registry.hpp"
#include "server/net/connection.hpp"

namespace yunzi::node {

namespace relay_wire {
class RemoteConnection;
class NodeOutbox;
struct OutboxCounts;
}  // namespace relay_wire

class GameRelay : public std::enable_shared_from_this<GameRelay> {
 public:
  // `boot` tells this process from an earlier one of the same node name;
  // `executor` sends the frames for other nodes' connections.
  GameRelay(cluster::Bus& bus, boost::asio::any_io_executor executor, std::string node, std::string boot,
            const game::GameRegistry& games);
  ~GameRelay();

  // Subscribes to the events for this node's connections; the bus must be started.
  Expected<Done, std::string> start();
  // Drops every subscription; before the bus stops.
  void stop();

  // The bus messages that carried this node's games' frames to other nodes'
  // connections, and those frames once per connection; any thread.
  std::pair<std::uint64_t, std::uint64_t> relayed() const;

  // --- The games this node runs.
  // While this node runs the game, other nodes' connections reach it here.
  void serve(GameId game);
  // This node took the game over: the nodes whose connections followed it on
  // the node that lost it have them follow it here (follow_again), so the
  // clients keep their connections.
  void announce_taken_over(GameId game);
  void unserve(GameId game);
  // Another node's process is gone (NodePresence): its connections leave
  // the games they were in, unless one of them was heard from after the
  // node was last heard.
  void node_gone(const cluster::PeerGone& gone);
  // A node taken for gone for silence is heard again: it is told which of
  // its connections left this node's games then.
  void node_back(const std::string& node, const std::string& boot);
  // Told of each request from another node's connection (NodePresence::heard_from); before start().
  void on_heard_from(std::function<void(std::string_view node, std::string_view boot)> heard);

  // --- This node's connections in games other nodes run.
  // A watch of a game this node does not run: answered by the node that
  // runs it, or, when none does, by `not_running` (an ended game, none, or one another node is taking over).
  void watch_remote(const app::Call& call, const protocol::req::GameWatch& request, app::NotRunning not_running);
  // A player signed in here to games other nodes run: they are back in each
  // (`replay_since`: sent the events after that seq first, as
  // GameRoom::player_connected).
  void join_remote(const session::SessionPtr& session, UserId user, const std::string& name,
                   const std::vector<GameId>& games, std::optional<std::int64_t> replay_since = std::nullopt);
  // Any other game.* request (`text`, as the client sent it) for a game this
  // node does not run: answered by the node that runs it, or `not_found`.
  void call_remote(const app::Call& call, GameId game, std::string text, bool muted, app::NotRunning not_running);
  // The connection stops hearing a game it watched on another node, and is
  // answered once that node sends it nothing more of the game; that node
  // still knows it until it leaves (connection_left).
  void unwatch_remote(const app::Call& call, GameId game);
  // A connection closed or logged out: it leaves every game it was in on other nodes.
  void connection_left(std::uint64_t connection);
  // On the session's strand: the connection followed a game this node ran, which runs on another node now; it
  // follows it there (follow_again), or is closed (1012, `reason`) when no node answers for it.
  void follow_moved(const session::SessionPtr& session, GameId game, const std::string& reason);
  // `ended` hears of each game another node ran that ended, before the
  // game.end reaches this node's connections: what they ask next finds the
  // game gone (from the lobby) even when the running node's own word of it
  // comes later.
  void on_game_ended_elsewhere(std::function<void(GameId)> ended);
  // Back on the bus after losing it: the other nodes may have taken this
  // node for gone, so its connections follow their games again.
  void reconnected();

 private:
  // Another node's connection in a game of this node.
  struct StandIn {
    std::shared_ptr<relay_wire::RemoteConnection> connection;
    std::optional<UserId> user;  // signed in as
    std::set<GameId> games;
  };
  using StandInKey = std::pair<std::string, std::uint64_t>;  // (origin, connection)
  // This node's connection in games other nodes run.
  struct Follower {
    std::weak_ptr<net::Connection> connection;  // the session's, kept apart for hand_over, once a frame
    std::weak_ptr<session::Session> session;
    std::optional<UserId> user;  // signed in as, when it last asked about a game
    std::string name;
    std::set<GameId> games;
    // Of those, the ones it joined as a player or sent a game request in:
    // its presence there, which a watch that goes unanswered leaves be.
    std::set<GameId> taking_part;
    // The last watch asked of each game, and whether it began the following:
    // only that watch, unanswered, undoes it.
    std::map<GameId, std::pair<std::uint64_t, bool>> last_watch;
  };

  void serve_request(GameId game, const cluster::BusMessage& message);
  // `batches`: the connection's node reads the frames for its connections in batches.
  std::shared_ptr<relay_wire::RemoteConnection> stand_in_for(const StandInKey& key, std::optional<UserId> user,
                                                             std::optional<GameId> game, bool batches);
  void unwatch(const StandInKey& key, GameId game, protocol::Responder respond);
  void leave(const StandInKey& key, std::optional<GameId> only);
  void deliver(const cluster::BusMessage& message);
  void deliver_batch(const cluster::BusMessage& message);
  // Hands a frame from another node to this node's connections that follow a game there.
  void hand_over(const std::shared_ptr<const std::string>& frame, const std::vector<std::uint64_t>& connections);
  void game_moved(const cluster::BusMessage& message);
  // `user`, `name`: what the connection is signed in as, for following the game again elsewhere.
  enum class Following { to_watch, taking_part };
  // To watch: the watch's number, kept as the connection's last watch of the game (0 when taking part).
  // Callers hold told_in_order_ through what they then send the game's node.
  std::uint64_t follow(const session::SessionPtr& session, GameId game, std::optional<UserId> user,
                       const std::string& name, Following how);
  void unfollow(std::uint64_t connection, GameId game);
  // A watch the game's node did not answer in time: when it began the following, no watch of the game came after
  // it and the connection takes no part in the game, the connection stops following it and the node is told it
  // left, in case the watch reached it after all.
  void forget_unanswered_watch(std::uint64_t connection, GameId game, std::uint64_t watch);
  bool publish_leave(std::uint64_t connection, GameId game);
  void note_request_from(const std::string& origin);
  // The node running a game took this node for gone and dropped these connections.
  void follow_dropped(const cluster::BusMessage& message);
  // Each of this node's connections that follows a game `which` picks (connection, game) follows it where it runs
  // now: here, or through the node that runs it, which sends it game.start as the game stands. A connection whose
  // game no node answers for is closed (1012, `reason`), so its client comes back and finds it.
  void follow_again(const std::function<bool(std::uint64_t, GameId)>& which, const std::string& reason);
  void follow_here(const Follower& follower, std::uint64_t connection, GameId game,
                   const std::shared_ptr<game::GameRoom>& room);
  void follow_there(const Follower& follower, std::uint64_t connection, GameId game, const std::string& reason,
                    std::chrono::steady_clock::time_point give_up_at);
  bool still_follows(std::uint64_t connection, GameId game);

  cluster::Bus& bus_;
  const std::string address_;  // <node>.<boot>
  const game::GameRegistry& games_;
  std::mutex mutex_;
  // Held from a change to what a connection follows to the message that
  // tells the game's node (a watch, join, call, or the leave that undoes an
  // unanswered watch), so that the node hears them in the order they were
  // decided. Taken before mutex_.
  std::mutex told_in_order_;
  std::optional<cluster::Subscription> events_;
  std::optional<cluster::Subscription> batches_;
  std::optional<cluster::Subscription> moves_of_games_;
  std::map<GameId, cluster::Subscription> served_;
  // This node's connections, and the games each follows on other nodes.
  std::map<std::uint64_t, Follower> followers_;
  std::uint64_t watches_asked_ = 0;
  std::map<StandInKey, StandIn> stand_ins_;
  // By origin: when a request of its connections last came.
  std::map<std::string, std::chrono::steady_clock::time_point> last_request_;
  // By node name: the boot taken for gone for silence and the connections
  // that left this node's games then, to tell it if it is heard again.
  std::map<std::string, std::pair<std::string, std::vector<std::uint64_t>>> dropped_;
  std::function<void(std::string_view, std::string_view)> heard_from_;  // set before start()
  boost::asio::any_io_executor executor_;
  std::map<std::string, std::shared_ptr<relay_wire::NodeOutbox>> outboxes_;
  const std::shared_ptr<relay_wire::OutboxCounts> outbox_counts_;  // by the other node's <node>.<boot>
  std::function<void(GameId)> game_ended_elsewhere_;
};

}  // namespace yunzi::node
