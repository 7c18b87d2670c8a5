// A node of a cluster on one PostgreSQL database: its lease keeper, on a
// connection of its own, whose rounds claim the games (lease_rounds.cpp);
// and with `nats` the bus and what crosses it: the nodes' presence, the
// games' relay, the lobby link, what reaches one user (UserNews) and the
// login, sign-up and per-user limits shared with the other nodes. It is the
// App's Elsewhere (cluster_elsewhere.cpp): without a bus, whatever lives on
// other nodes is out of its reach, and LoneNode answers as for a single node.
#pragma once

#include <atomic>
#include <chrono>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <boost/asio/io_context.hpp>

#include "server/app/lone_node.hpp"
#include "server/cluster/bus.hpp"
#include "server/cluster/node_presence.hpp"
#include "server/node/game_relay.hpp"
#include "server/node/lobby_link.hpp"
#include "server/node/node.hpp"
#include "server/node/shared_limits.hpp"
#include "server/node/user_news.hpp"

namespace yunzi::node {

class ClusterNode final : public Node, public app::Elsewhere {
 public:
  ClusterNode(cluster::ClusterOptions options, db::DatabaseTarget database, accounts::Accounts& accounts,
              boost::asio::io_context& io, app::NowMs now_ms);
  ClusterNode(const ClusterNode&) = delete;
  ClusterNode& operator=(const ClusterNode&) = delete;

  // Node
  app::Elsewhere& elsewhere() override { return *this; }
  Expected<Done, NodeFailure> start(app::App& app) override;
  std::optional<db::LeaseStats> lease_stats() const override;
  std::optional<http::BusFigures> bus_figures() const override;
  void stop_leases() override;
  void hand_over() override;
  void stop_bus() override;

  // app::Elsewhere
  db::DbResult<std::optional<app::GameRefusal>> refuse_new_game(db::Stores& stores, const db::NewGame& row,
                                                                std::size_t games_per_user) const override;
  db::DbResult<std::optional<db::GameFence>> claim_new_game(db::Stores& stores, GameId game, TimeMs now) const override;
  void serve(GameId game) override;
  void unserve(GameId game) override;
  void watch(const app::Call& call, const protocol::req::GameWatch& request, app::NotRunning not_running) override;
  void unwatch(const app::Call& call, GameId game) override;
  void call(const app::Call& call, GameId game, std::string text, bool muted, app::NotRunning not_running) override;
  void rejoin_games(const app::Call& call, const db::UserRecord& user,
                    std::function<void(const app::Call&, std::vector<GameId>)> then) override;
  void connection_left(std::uint64_t connection) override;
  bool follow_moved_game(const session::SessionPtr& session, GameId game, const std::string& reason) override;
  void send_to_user(UserId user, const protocol::Frame& frame) const override;
  void rank_changed(UserId user, Rank rank, const protocol::Frame& frame) const override;
  void kick(UserId user, std::string_view reason) const override;
  void forfeit_games(UserId user, const std::string& reason) const override;
  void game_made(UserId user, GameId game) const override;
  bool pass_on(const lobby::LobbyCaller& caller, std::string kind, std::int64_t target,
               nlohmann::json extra) const override;

 private:
  Expected<Done, NodeFailure> join_bus(app::App& app);
  Expected<Done, NodeFailure> start_leases(app::App& app);
  // A lease round (db::LeaseKeeper's listener, on its thread): the games it
  // claimed get their rooms, the games this node lost are retired.
  void on_lease_round(app::App& app, db::Stores& stores, const db::LeaseRound& round);
  // The games this node runs, held since before the renewal, that the renewal did not return and that
  // another node holds now (a missing row is a game this node ended). On the lease thread.
  std::vector<std::pair<GameId, db::GameFence>> lost_games(app::App& app, db::Stores& stores,
                                                           const db::LeaseRound& renewal);

  const cluster::ClusterOptions options_;
  const db::DatabaseTarget database_;
  accounts::Accounts& accounts_;
  boost::asio::io_context& io_;
  const app::NowMs now_ms_;
  app::App* app_ = nullptr;  // from start
  app::LoneNode lone_;       // the answers without a bus
  std::optional<db::LeaseKeeper> leases_;
  std::optional<cluster::Bus> bus_;
  // Since when the bus has been connected without a break (steady clock ticks; the largest value while it is
  // down): a peer whose heartbeats stopped while it was, went silent itself.
  std::atomic<std::chrono::steady_clock::rep> bus_up_since_{std::numeric_limits<std::chrono::steady_clock::rep>::max()};
  std::shared_ptr<cluster::NodePresence> presence_;
  std::shared_ptr<GameRelay> relay_;
  std::shared_ptr<LobbyLink> lobby_link_;
  std::optional<UserNews> user_news_;
  std::optional<SharedLimits> shared_limits_;
};

}  // namespace yunzi::node
