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
      app_(server_.io_context(), stores_->writer(), stores_->accounts(), stores_->reads(), metrics_, wall_clock_ms,
           config_.app, std::move(ranking_policy)),
      cluster_(config_, *stores_, server_.io_context(), app_) {
  relay_.attach(app_);
  add_http_routes(server_, *stores_, app_, cluster_, metrics_, config_.metrics_allow);
}

YunziServer::~YunziServer() {
  stop_all(std::chrono::seconds(1));
  cluster_.stop_bus();
}

Expected<std::uint16_t, StartFailure> YunziServer::start() {
  auto restored = app_.restore_games();
  if (!restored) return unexpected(StartFailure{exit_database, restored.error()});
  spdlog::info("games restored count={}", *restored);
  if (auto started = cluster_.start(); !started) return unexpected(started.error());
  auto tournaments = app_.tournaments().restore();
  if (!tournaments) return unexpected(StartFailure{exit_database, tournaments.error(), /*plain=*/true});
  spdlog::info("tournaments followed count={}", *tournaments);

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
  stop_all(std::chrono::seconds(5));
  // Every write is drained: the other nodes may take the games over at once.
  cluster_.hand_over();
  cluster_.stop_bus();
}

void YunziServer::stop_all(std::chrono::milliseconds grace) {
  cluster_.stop_leases();
  server_.shutdown(grace);
  stores_->stop();
}

}  // namespace yunzi::server_main
