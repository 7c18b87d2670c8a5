// A cluster node's parts (`node` set, on PostgreSQL): the lease keeper, on a
// connection of its own, whose rounds claim the games; and with `nats` the
// bus and what crosses it: the nodes' presence, the games' relay, the lobby
// link, UserReach and the login and sign-up limits shared with the other
// nodes. A single node has none of them.
#pragma once

#include <chrono>
#include <memory>
#include <optional>

#include <boost/asio/io_context.hpp>

#include "core/expected.hpp"
#include "db/lease_keeper.hpp"
#include "server/app/app.hpp"
#include "server/app/game_relay.hpp"
#include "server/app/lobby_link.hpp"
#include "server/app/shared_limits.hpp"
#include "server/cluster/bus.hpp"
#include "server/cluster/node_presence.hpp"
#include "server/config/server_config.hpp"
#include "server/http/scraped_metrics.hpp"
#include "server/main/start_failure.hpp"
#include "server/main/stores.hpp"

namespace yunzi::server_main {

class ClusterNode {
 public:
  // Nothing starts yet; `config`, `stores` and `app` must outlive the node.
  ClusterNode(const config::ServerConfig& config, Stores& stores, boost::asio::io_context& io, app::App& app);
  ClusterNode(const ClusterNode&) = delete;
  ClusterNode& operator=(const ClusterNode&) = delete;

  // Once the games are restored and before the tournaments are followed:
  // joins the bus (with `nats`), then starts the lease rounds (with `node`).
  Expected<Done, StartFailure> start();

  // For /metrics, from any thread: nothing on a single node, or without a bus.
  std::optional<db::LeaseStats> lease_stats() const;
  std::optional<http::BusFigures> bus_figures() const;

  // The lease rounds end; the leases are left to run out.
  void stop_leases();
  // Once every write is drained: the leases are given up and the other nodes
  // told, so that they take the games over at once.
  void hand_over();
  // What crosses the bus stops, UserReach with it, then the bus. Last, so
  // that a clean stop still tells the other nodes it handed its games over.
  void stop_bus();

 private:
  Expected<Done, StartFailure> join_bus();
  Expected<Done, StartFailure> start_leases();

  const config::ServerConfig& config_;
  Stores& stores_;
  boost::asio::io_context& io_;
  app::App& app_;
  std::optional<db::LeaseKeeper> leases_;
  std::optional<cluster::Bus> bus_;
  std::shared_ptr<cluster::NodePresence> presence_;
  std::shared_ptr<app::GameRelay> relay_;
  std::shared_ptr<app::LobbyLink> lobby_link_;
  std::optional<app::SharedLimits> shared_limits_;
};

}  // namespace yunzi::server_main
