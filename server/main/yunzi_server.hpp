// yunzi-server's parts, built in their order from the settings, started, and
// stopped before they go: the stores (stores.hpp), the process's metrics
// registry, the net server, the node (server/node: a single node, or a
// cluster node's parts), the App and the HTTP routes (http_wiring.hpp).
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>

#include <prometheus/registry.h>

#include "core/expected.hpp"
#include "server/app/app.hpp"
#include "server/config/server_config.hpp"
#include "server/main/handler_relay.hpp"
#include "server/main/start_failure.hpp"
#include "server/main/stores.hpp"
#include "server/net/server.hpp"
#include "server/node/node.hpp"
#include "server/ranking/policy.hpp"

namespace yunzi::server_main {

class YunziServer {
 public:
  // Opens the database and builds every part; nothing is served yet. The
  // failure says why, with its exit code.
  static Expected<std::unique_ptr<YunziServer>, StartFailure> build(const config::ServerConfig& config);

  YunziServer(const config::ServerConfig& config, std::unique_ptr<Stores> stores,
              std::shared_ptr<const ranking::RankingPolicy> ranking_policy);
  YunziServer(const YunziServer&) = delete;
  YunziServer& operator=(const YunziServer&) = delete;
  // What still runs stops (1 s for the connections) before the parts go, on
  // every way out of main: the io threads, the readers, the hashing pool and
  // the writer, whose completions hold references to the App's parts, then
  // the bus.
  ~YunziServer();

  // Starts the node (a single node restores the games in progress; a cluster
  // node joins the others), follows the unfinished tournaments, then
  // listens; returns the bound port.
  Expected<std::uint16_t, StartFailure> start();
  // Every client gets the restart notice, the connections close (5 s), the
  // queued writes are committed, a cluster node hands its games over, the bus
  // stops.
  void stop();

 private:
  // The lease rounds, the io threads, the readers, the hashing pool and the
  // writer stop; each stop does nothing the second time.
  void stop_all(std::chrono::milliseconds grace);

  const config::ServerConfig config_;
  std::unique_ptr<Stores> stores_;
  // The process's one registry: the network layer and the app register their counters in it, /metrics serves it.
  prometheus::Registry metrics_;
  HandlerRelay relay_;
  net::Server server_;
  std::unique_ptr<node::Node> node_;
  app::App app_;
};

}  // namespace yunzi::server_main
