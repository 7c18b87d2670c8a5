#include "server/node/cluster_node.hpp"

#include <cstdio>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include <spdlog/spdlog.h>

#include "db/database.hpp"

namespace yunzi::node {
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

NodeFailure database_failure(std::string reason) { return NodeFailure{NodeFailure::Kind::database, std::move(reason)}; }

}  // namespace

ClusterNode::ClusterNode(cluster::ClusterOptions options, db::DatabaseTarget database, accounts::Accounts& accounts,
                         boost::asio::io_context& io, app::NowMs now_ms)
    : options_(std::move(options)),
      database_(std::move(database)),
      accounts_(accounts),
      io_(io),
      now_ms_(std::move(now_ms)) {}

Expected<Done, NodeFailure> ClusterNode::start(app::App& app) {
  app_ = &app;
  if (!options_.nats.empty()) {
    if (auto joined = join_bus(app); !joined) return joined;
  }
  return start_leases(app);
}

Expected<Done, NodeFailure> ClusterNode::join_bus(app::App& app) {
  const std::string& node = options_.node;
  cluster::BusOptions bus_options;
  bus_options.urls = options_.nats;
  bus_options.name = "yunzi " + node;
  bus_.emplace(io_.get_executor(), bus_options);
  const std::string boot = boot_id();
  const std::string address = node + "." + boot;
  // Made before the bus starts, so that its state reports may reach them; started after.
  relay_ = std::make_shared<GameRelay>(*bus_, io_.get_executor(), node, boot, app.games());
  relay_->on_game_ended_elsewhere([&app](GameId game) { app.lobby().peer_game_removed(game); });
  // A game another node made for a user connected here: their connections join it from its start.
  user_news_.emplace(*bus_, address, app.reach(), app.online(), [this, &app](UserId user, GameId game) {
    const auto online_user = app.online().find(user);
    if (!online_user) return;
    for (const session::SessionPtr& session : app.online().sessions_of(user)) {
      relay_->join_remote(session, user, online_user->info.name, {game}, 0);
    }
  });
  lobby_link_ = std::make_shared<LobbyLink>(*bus_, io_.get_executor(), address, LobbyLink::random_id_base(),
                                            app.lobby(), *user_news_);
  bus_->on_state_change([this](bool connected) {
    bus_up_since_ = connected ? std::chrono::steady_clock::now().time_since_epoch().count()
                              : std::numeric_limits<std::chrono::steady_clock::rep>::max();
    if (connected) {
      spdlog::info("NATS connected");
      relay_->reconnected();
      lobby_link_->reconnected();
    } else {
      spdlog::warn("NATS connection lost; this node's games go on, /healthz answers 503 until it is back");
    }
  });
  if (auto started = bus_->start(); !started) {
    return unexpected(NodeFailure{NodeFailure::Kind::bad_config, started.error()});
  }
  if (bus_->connected()) bus_up_since_ = std::chrono::steady_clock::now().time_since_epoch().count();
  presence_ = std::make_shared<cluster::NodePresence>(
      io_, *bus_, cluster::PresenceOptions{node, boot},
      [&app] {
        return cluster::NodeFigures{app.game_count(), app.session_count()};
      },
      [this](const std::string& other) {
        spdlog::info("node {} handed its games over; claiming now", other);
        if (leases_) leases_->wake();
      });
  presence_->on_gone([this, &app](const cluster::PeerGone& gone) {
    // Silent while this node heard the bus all along: its games are claimed now, not a lease later (one that
    // came back as another process claims its own at its start). The epochs keep a node that was only cut off
    // from writing them again.
    if (gone.last_heard && bus_up_since_.load() <= gone.last_heard->time_since_epoch().count() && leases_) {
      spdlog::info("node {} fell silent: claiming its games now", gone.node);
      leases_->take_over_from(gone.node);
    }
    relay_->node_gone(gone);
    lobby_link_->node_gone(gone.node, gone.boot);
    // Tournaments made on the gone node since this one started are followed here from now on.
    if (auto followed = app.tournaments().restore(); !followed) {
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
  if (auto started = user_news_->start(); !started) return unexpected(database_failure(started.error()));
  shared_limits_.emplace(accounts_, app.shared_quotas());
  if (auto started = shared_limits_->start_on(*bus_, address); !started) {
    return unexpected(database_failure(started.error()));
  }
  app.lobby().attach_peers(*lobby_link_, lobby_link_->id_base(), lobby_link_->address());
  if (auto started = lobby_link_->start(); !started) return unexpected(database_failure(started.error()));
  return Done{};
}

Expected<Done, NodeFailure> ClusterNode::start_leases(app::App& app) {
  // Named after the node: its writes are one node's among several (db/postgresql.cpp, settling a lost COMMIT).
  db::OpenOptions lease_open;
  lease_open.node = options_.node;
  auto lease_connection = db::open_database(database_, lease_open);
  if (!lease_connection) {
    return unexpected(database_failure("cannot open the lease connection: " + lease_connection.error().message));
  }
  db::LeaseOptions lease_options;
  lease_options.node = options_.node;
  lease_options.lease = options_.lease;
  lease_options.renew_every = options_.lease / 3;
  leases_.emplace(
      std::move(*lease_connection), lease_options, now_ms_,
      [this, &app](db::Stores& stores, const db::LeaseRound& round) { on_lease_round(app, stores, round); });
  spdlog::info("cluster node={} lease_s={}: games are claimed by lease rounds", options_.node,
               std::chrono::duration_cast<std::chrono::seconds>(options_.lease).count());
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
                 std::chrono::duration_cast<std::chrono::seconds>(options_.lease).count());
    return;
  }
  spdlog::info("leases handed over node={}", options_.node);
  if (presence_) presence_->announce_handover();
}

void ClusterNode::stop_bus() {
  if (relay_) relay_->stop();
  if (lobby_link_) lobby_link_->stop();
  if (user_news_) user_news_->stop();
  if (shared_limits_) shared_limits_->stop();
  if (presence_) presence_->stop();
  if (bus_) bus_->stop();
}

}  // namespace yunzi::node
