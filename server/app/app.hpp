// The server application behind net::Server: one Session per connection,
// requests decoded and dispatched by area (session, lobby, game, user,
// admin), the lobby, the registry of game rooms, game creation and the
// restore of games in progress after a restart. App implements
// net::Handler. The request handlers never see it: each area is handed its
// desk (desks.hpp). What stays public is for yunzi-server's main (the live
// figures of /metrics, the restart notice).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>

#include "core/expected.hpp"
#include "db/lease_keeper.hpp"
#include "db/read_pool.hpp"
#include "db/writer.hpp"
#include "server/accounts/accounts.hpp"
#include "server/app/call.hpp"
#include "server/app/desks.hpp"
#include "server/app/game_relay.hpp"
#include "server/app/lobby_link.hpp"
#include "server/app/sign_ins.hpp"
#include "server/app/tournament_service.hpp"
#include "server/app/user_reach.hpp"
#include "server/boards/board_limits.hpp"
#include "server/game/room.hpp"
#include "server/game/stored_game.hpp"
#include "server/lobby/game_registry.hpp"
#include "server/lobby/lobby.hpp"
#include "server/lobby/lobby_limits.hpp"
#include "server/net/handler.hpp"
#include "server/ranking/policy.hpp"
#include "server/session/app_metrics.hpp"
#include "server/session/online_users.hpp"
#include "server/session/session.hpp"
#include "server/session/window_quota.hpp"

namespace yunzi::app {

struct AppOptions {
  std::chrono::milliseconds disconnect_grace{120'000};
  std::chrono::milliseconds scoring_deadline{180'000};
  PlanRules plan_rules;
  std::shared_ptr<const ranking::RankingPolicy> ranking_policy = std::make_shared<ranking::TomPolicy>();
  bool recommendation_approval = true;  // recommendations to 6d wait for an admin
  // What one user may hold (server/config/README.md has the settings).
  LobbyLimits lobby_limits;
  std::size_t connections_per_user = 8;
  std::size_t reports_per_hour = 10;
  std::size_t lobby_chat_per_minute = 10;      // lobby.chat lines of one user within any minute
  std::size_t messages_per_minute = 20;        // private messages one user may send within any minute
  std::size_t message_partners_per_hour = 10;  // users not answering yet whom one user may start writing to in an hour
  BoardLimits board_limits;
  // A cluster node's name (empty: a single node) and how long its leases last.
  std::string node;
  std::chrono::milliseconds lease{15'000};
};

class BoardService;

class App final : public net::Handler {
 public:
  // The application's counters (AppMetrics) are registered in `metrics`, which must outlive the App.
  App(boost::asio::io_context& io, db::Writer& writer, accounts::Accounts& accounts, db::ReadPool& reads,
      prometheus::Registry& metrics, NowMs now_ms, AppOptions options);
  ~App() override;

  void on_open(const net::ConnectionPtr& connection) override;
  void on_message(const net::ConnectionPtr& connection, std::string text, bool over_rate_limit) override;
  void on_close(const net::ConnectionPtr& connection) override;

  // Rebuilds a room for every stored game in progress; returns how many. A
  // cluster node restores nothing here: its lease rounds adopt the games.
  Expected<std::size_t, std::string> restore_games();
  // A cluster node's lease round (db::LeaseKeeper's listener, on its thread):
  // the games it claimed get their rooms, the games it lost are retired.
  void on_lease_round(db::Stores& stores, const db::LeaseRound& round);
  // A cluster node's relay of watches between nodes (over NATS); set before the server starts.
  void attach_relay(std::shared_ptr<GameRelay> relay);
  // A cluster node's lobby across the nodes (over NATS); set before the server starts, after attach_relay.
  void attach_lobby_link(std::shared_ptr<LobbyLink> link);
  // Rank changes, kicks and forfeits of one user, on every node of a cluster (start_on the bus).
  UserReach& reach() { return reach_; }
  // A `notice` to every open connection.
  void notify_all(std::string_view text);

  // A game whose row exists: starts its room, lists it, tells the players' sessions
  // (and answers the request that accepted it, when there is one).
  void start_room(GameId id, const GamePlan& plan, const std::optional<protocol::Responder>& respond,
                  std::optional<db::GameFence> fence = std::nullopt);
  boost::asio::io_context& io;
  db::Writer& writer;
  accounts::Accounts& accounts;
  db::ReadPool& reads;
  NowMs now_ms;
  AppOptions options;
  AppMetrics metrics;
  OnlineUsers online;
  GameRegistry games;
  std::shared_ptr<Lobby> lobby;
  game::RoomServices room_services;
  WindowQuota reports_quota;     // reports per user within any hour
  WindowQuota lobby_chat_quota;  // lobby.chat lines per user within any minute
  WindowQuota messages_quota;    // private messages per user within any minute
  std::shared_ptr<TournamentService> tournaments;
  std::shared_ptr<BoardService> boards;

 private:
  std::shared_ptr<GameRelay> relay_;
  std::shared_ptr<LobbyLink> lobby_link_;
  SignIns sign_ins_;
  UserReach reach_;
  Desks desks_;

  void create_game(GamePlan plan, protocol::Responder respond);
  void on_game_ended(GameId game, const protocol::GameEnd& end);
  // A stored game's room, listed and shown in the lobby; false when the engine cannot play it.
  bool restore_room(const db::GameWithMoves& game, const game::StoredPlayers& players,
                    std::optional<db::GameFence> fence);
  // A game this node claimed from another: restored, and its players connected here join it.
  void adopt_room(const db::GameWithMoves& game, const game::StoredPlayers& players, db::GameFence fence);
  // The games this node runs, held since before the renewal, that the renewal did not return and that
  // another node holds now (a missing row is a game this node ended). On the lease thread.
  std::vector<std::pair<GameId, db::GameFence>> lost_games(db::Stores& stores, const db::LeaseRound& renewal);
  // Another node runs the game now: unlisted here, its room retired (unless this node holds it again,
  // at a newer epoch than `fence`).
  void retire_game(GameId game, const db::GameFence& fence);
  // The policy's monthly publication for the current month, then again at the start of the next.
  void publish_ranks();
  boost::asio::steady_timer publication_timer_;
};

}  // namespace yunzi::app
