// Spectators on any node of a cluster. A node asked to watch a game another
// node runs sends the request over NATS to yunzi.game.<id>.req, which only
// the node running the game subscribes to; that node answers with the
// reply frame and has the room send the game's events to a stand-in
// connection (RemoteConnection) that publishes them to
// yunzi.conn.<node>.<connection>, from where the watcher's node hands them
// to the watcher. At most once, like every NATS message: events carry
// `seq`, so a client that misses one catches up with game.watch since.
// A node without the bus has no relay.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <utility>

#include "core/ids.hpp"
#include "protocol/requests.hpp"
#include "server/app/call.hpp"
#include "server/cluster/bus.hpp"
#include "server/lobby/game_registry.hpp"
#include "server/net/connection.hpp"

namespace yunzi::app {

class GameRelay : public std::enable_shared_from_this<GameRelay> {
 public:
  GameRelay(cluster::Bus& bus, std::string node, const GameRegistry& games);

  // Subscribes to the events for this node's watchers; the bus must be started.
  Expected<Done, std::string> start();
  // Drops every subscription; before the bus stops.
  void stop();

  // While this node runs the game, other nodes' watchers reach it here.
  void serve(GameId game);
  // This node took the game over: the nodes whose watchers followed it on
  // the node that lost it close those connections (1012), so the clients
  // connect again and watch it here, from the seq they last saw.
  void announce_taken_over(GameId game);
  void unserve(GameId game);

  // A watch of a game this node does not run: answered by the node that
  // runs it, or, when none does, by `not_running` (an ended game, or none).
  void watch_remote(const Call& call, const protocol::req::GameWatch& request, std::function<void()> not_running);
  // The connection stops following a game it watched on another node.
  void unwatch_remote(std::uint64_t connection, GameId game);
  // A closed connection: the nodes it watched games on forget it.
  void connection_closed(std::uint64_t connection);

 private:
  void serve_request(GameId game, const cluster::BusMessage& message);
  void deliver(const cluster::BusMessage& message);
  void game_moved(const cluster::BusMessage& message);
  void publish_unwatch(std::uint64_t connection, GameId game);

  cluster::Bus& bus_;
  const std::string node_;
  const GameRegistry& games_;
  std::mutex mutex_;
  std::optional<cluster::Subscription> events_;
  std::optional<cluster::Subscription> moves_of_games_;
  std::map<GameId, cluster::Subscription> served_;
  // Watchers of this node: each connection, and the games it watches elsewhere.
  std::map<std::uint64_t, std::pair<std::weak_ptr<net::Connection>, std::set<GameId>>> watchers_;
  // Stand-ins of other nodes' watchers, by (node, connection).
  std::map<std::pair<std::string, std::uint64_t>, std::shared_ptr<net::Connection>> stand_ins_;
};

}  // namespace yunzi::app
