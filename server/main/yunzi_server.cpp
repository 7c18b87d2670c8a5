#include "server/main/yunzi_server.hpp"

#include <algorithm>
#include <filesystem>
#include <string>
#include <system_error>
#include <utility>

#include <spdlog/spdlog.h>

#include "server/main/http_wiring.hpp"
#include "server/main/wall_clock.hpp"

namespace yunzi::server_main {
namespace {

// The settings' network part as the server runs it: no static site when its
// directory is missing, and three pings within the idle timeout, so that a
// client that only answers them is never taken for gone, even when one pong
// is late.
net::NetConfig served_net(net::NetConfig net) {
  std::error_code ec;
  if (!std::filesystem::is_directory(net.static_dir, ec)) net.static_dir.clear();
  net.ping_interval = std::min(net.ping_interval, net.idle_timeout / 3);
  return net;
}

}  // namespace

Expected<std::unique_ptr<YunziServer>, StartFailure> YunziServer::build(const config::ServerConfig& config) {
  auto stores = Stores::open(config);
  if (!stores) return unexpected(stores.error());
  auto policy = ranking::make_ranking_policy(config::to_string(config.ranking_policy), config.association_rules);
  if (!policy) return unexpected(StartFailure{exit_bad_config, policy.error().message});
  return std::make_unique<YunziServer>(config, std::move(*stores), std::move(*policy));
}

YunziServer::YunziServer(const config::ServerConfig& config, std::unique_ptr<Stores> stores,
                         std::shared_ptr<const ranking::RankingPolicy> ranking_policy)
    : config_(config),
      stores_(std::move(stores)),
      server_(served_net(config_.net), relay_, metrics_),
      node_(node::make_node(config_.cluster, stores_->database(), stores_->accounts(), server_.io_context(),
                            wall_clock_ms)),
      app_(server_.io_context(), stores_->writer(), stores_->accounts(), stores_->reads(), metrics_, wall_clock_ms,
           config_.app, std::move(ranking_policy), node_->elsewhere()) {
  relay_.attach(app_);
  add_http_routes(server_, *stores_, app_, *node_, metrics_, config_.metrics_allow, config_.tournament_export);
}

YunziServer::~YunziServer() {
  stop_all(std::chrono::seconds(1));
  node_->stop_bus();
}

Expected<std::uint16_t, StartFailure> YunziServer::start() {
  if (auto started = node_->start(app_); !started) {
    const bool bad_config = started.error().kind == node::NodeFailure::Kind::bad_config;
    return unexpected(StartFailure{bad_config ? exit_bad_config : exit_database, started.error().reason});
  }
  auto tournaments = app_.tournaments().restore();
  if (!tournaments) return unexpected(StartFailure{exit_database, tournaments.error(), /*plain=*/true});
  spdlog::info("tournaments followed count={}", *tournaments);
  if (auto seeded = app_.seed_problems(); !seeded) {
    return unexpected(StartFailure{exit_database, seeded.error(), /*plain=*/true});
  }

  auto port = server_.start();
  if (!port) {
    return unexpected(StartFailure{exit_listen, "cannot listen on " + config_.net.bind_address + ":" +
                                                    std::to_string(config_.net.port) + ": " + port.error()});
  }
  spdlog::info("listening address={} port={}", config_.net.bind_address, *port);
  return *port;
}

void YunziServer::stop() {
  app_.notify_all("server restarting");
  stop_all(config_.net.close_timeout);
  // Every write is drained: the other nodes may take the games over at once.
  node_->hand_over();
  node_->stop_bus();
}

void YunziServer::stop_all(std::chrono::milliseconds grace) {
  node_->stop_leases();
  server_.shutdown(grace);
  stores_->stop();
}

}  // namespace yunzi::server_main
