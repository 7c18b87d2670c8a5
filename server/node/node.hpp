// What yunzi-server runs beside the App for the other nodes of a cluster,
// built by make_node from the settings: a single node (no `node` set) has
// nothing to run and answers the App's questions about other nodes itself;
// a cluster node (cluster_node.hpp) runs its lease rounds and, with `nats`,
// everything that crosses the bus.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include <boost/asio/io_context.hpp>

#include "core/expected.hpp"
#include "db/database.hpp"
#include "db/lease_keeper.hpp"
#include "server/accounts/accounts.hpp"
#include "server/app/app.hpp"
#include "server/app/call.hpp"
#include "server/app/elsewhere.hpp"
#include "server/cluster/cluster_options.hpp"
#include "server/http/scraped_metrics.hpp"

namespace yunzi::node {

// Why a node did not start.
struct NodeFailure {
  enum class Kind { bad_config, database } kind;
  std::string reason;
};

class Node {
 public:
  virtual ~Node() = default;

  // What the App asks about the other nodes; lives as long as the node.
  virtual app::Elsewhere& elsewhere() = 0;
  // Once the App is built and before the server serves: a single node
  // restores its games in progress; a cluster node joins the bus and starts
  // the lease rounds, which adopt them. `app` must outlive the node's stop.
  virtual Expected<Done, NodeFailure> start(app::App& app) = 0;

  // For /metrics, from any thread: nothing on a single node, or without a bus.
  virtual std::optional<db::LeaseStats> lease_stats() const = 0;
  virtual std::optional<http::BusFigures> bus_figures() const = 0;

  // The lease rounds end; the leases are left to run out.
  virtual void stop_leases() = 0;
  // Once every write is drained: the leases are given up and the other nodes
  // told, so that they take the games over at once.
  virtual void hand_over() = 0;
  // What crosses the bus stops, then the bus. Last, so that a clean stop
  // still tells the other nodes it handed its games over.
  virtual void stop_bus() = 0;
};

// A single node without `options.node`, else a cluster node on `database`
// (PostgreSQL; its lease keeper opens a connection of its own). Nothing
// starts yet.
std::unique_ptr<Node> make_node(const cluster::ClusterOptions& options, db::DatabaseTarget database,
                                accounts::Accounts& accounts, boost::asio::io_context& io, app::NowMs now_ms);

}  // namespace yunzi::node
