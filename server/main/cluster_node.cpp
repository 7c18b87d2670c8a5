#include "server/main/cluster_node.hpp"

#include <cstdio>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include <spdlog/spdlog.h>

#include "db/database.hpp"
#include "server/main/wall_clock.hpp"

namespace yunzi::server_main {
namespace {

// This process among the node's: a restart under the same name gets
// another, so the other nodes drop what stood in for the earlier one's
// connections (NodePresence, GameRelay).
std::string boot_id() {
  std::random_device random;
  char text[17];
  std::snprintf(text, sizeof text, "%08x%08x", random(), random());
  return text;
}

StartFailure database_failure(std::string reason) { return StartFailure{exit_database, std::move(reason)}; }

}  // namespace

ClusterNode::ClusterNode(const config::ServerConfig& config, Stores& stores, boost::asio::io_context& io, app::App& app)
    : config_(config), stores_(stores), io_(io), app_(app) {}

Expected<Done, StartFailure> ClusterNode::start() {
  if (!config_.nats.empty()) {
    if (auto joined = join_bus(); !joined) return joined;
  }
  if (!config_.app.node.empty()) return start_leases();
  return Done{};
}

Expected<Done, StartFailure> ClusterNode::join_bus() {
  const std::string& node = config_.app.node;
  cluster::BusOptions bus_options;
  bus_options.urls = config_.nats;
  bus_options.name = "yunzi " + node;
  bus_.emplace(io_.get_executor(), bus_options);
  const std::string boot = boot_id();
  // Made before the bus starts, so that its state reports may reach it; started after.
  relay_ = std::make_shared<app::GameRelay>(*bus_, io_.get_executor(), node, boot, app_.games());
  lobby_link_ = std::make_shared<app::LobbyLink>(*bus_, io_.get_executor(), node + "." + boot,
                                                 app::LobbyLink::random_id_base(), app_.lobby(), app_.reach());
  bus_->on_state_change([this](bool connected) {
    if (connected) {
      spdlog::info("NATS connected");
      relay_->reconnected();
      lobby_link_->reconnected();
    } else {
      spdlog::warn("NATS connection lost; this node's games go on, /healthz answers 503 until it is back");
    }
  });
  if (auto started = bus_->start(); !started) return unexpected(StartFailure{exit_bad_config, started.error()});
  presence_ = std::make_shared<cluster::NodePresence>(
      io_, *bus_, cluster::PresenceOptions{node, boot},
      [this] {
        return cluster::NodeFigures{app_.game_count(), app_.session_count()};
      },
      [this](const std::string& other) {
        spdlog::info("node {} handed its games over; claiming now", other);
        if (leases_) leases_->wake();
      });
  presence_->on_gone([this](const cluster::PeerGone& gone) {
    relay_->node_gone(gone);
    lobby_link_->node_gone(gone.node, gone.boot);
    // Tournaments made on the gone node since this one started are followed here from now on.
    if (auto followed = app_.tournaments().restore(); !followed) {
      spdlog::error("tournaments not followed after node {} left: {}", gone.node, followed.error());
    }
  });
  presence_->on_back([this](const std::string& other, const std::string& back_boot) {
    spdlog::info("node {} (boot {}) is heard again after it fell silent", other, back_boot);
    relay_->node_back(other, back_boot);
    lobby_link_->node_back(other, back_boot);
  });
  relay_->on_heard_from(
      [weak = std::weak_ptr<cluster::NodePresence>(presence_)](std::string_view other, std::string_view from_boot) {
        if (auto alive = weak.lock()) alive->heard_from(other, from_boot);
      });
  if (auto started = presence_->start(); !started) return unexpected(database_failure(started.error()));
  // Before the lease rounds: every game this node runs is served to the other nodes' connections.
  if (auto started = relay_->start(); !started) return unexpected(database_failure(started.error()));
  if (auto started = app_.reach().start_on(*bus_, node + "." + boot); !started) {
    return unexpected(database_failure(started.error()));
  }
  shared_limits_.emplace(stores_.accounts(), app_.shared_quotas());
  if (auto started = shared_limits_->start_on(*bus_, node + "." + boot); !started) {
    return unexpected(database_failure(started.error()));
  }
  app_.attach_relay(relay_);
  app_.attach_lobby_link(lobby_link_);
  if (auto started = lobby_link_->start(); !started) return unexpected(database_failure(started.error()));
  return Done{};
}

Expected<Done, StartFailure> ClusterNode::start_leases() {
  auto lease_connection = db::open_database(stores_.database(), db::OpenOptions{});
  if (!lease_connection) {
    return unexpected(database_failure("cannot open the lease connection: " + lease_connection.error().message));
  }
  db::LeaseOptions lease_options;
  lease_options.node = config_.app.node;
  lease_options.lease = config_.app.lease;
  lease_options.renew_every = config_.app.lease / 3;
  leases_.emplace(std::move(*lease_connection), lease_options, wall_clock_ms,
                  [this](db::Stores& stores, const db::LeaseRound& round) { app_.on_lease_round(stores, round); });
  spdlog::info("cluster node={} lease_s={}: games are claimed by lease rounds", config_.app.node,
               std::chrono::duration_cast<std::chrono::seconds>(config_.app.lease).count());
  return Done{};
}

std::optional<db::LeaseStats> ClusterNode::lease_stats() const {
  if (!leases_) return std::nullopt;
  return leases_->stats();
}

std::optional<http::BusFigures> ClusterNode::bus_figures() const {
  if (!bus_ || !presence_ || !relay_) return std::nullopt;
  const cluster::BusStats stats = bus_->stats();
  const auto [relay_messages, relay_deliveries] = relay_->relayed();
  return http::BusFigures{bus_->connected(),         stats.reconnects, stats.last_request_rtt_us,
                          presence_->peers().size(), relay_messages,   relay_deliveries};
}

void ClusterNode::stop_leases() {
  if (leases_) leases_->stop();
}

void ClusterNode::hand_over() {
  if (!leases_) return;
  if (auto handed = leases_->hand_over(); !handed) {
    spdlog::warn("leases not handed over ({}); they run out within {} s", handed.error().message,
                 std::chrono::duration_cast<std::chrono::seconds>(config_.app.lease).count());
    return;
  }
  spdlog::info("leases handed over node={}", config_.app.node);
  if (presence_) presence_->announce_handover();
}

void ClusterNode::stop_bus() {
  if (relay_) relay_->stop();
  if (lobby_link_) lobby_link_->stop();
  app_.reach().stop();
  if (shared_limits_) shared_limits_->stop();
  if (presence_) presence_->stop();
  if (bus_) bus_->stop();
}

}  // namespace yunzi::server_main
