// The server application behind net::Server (a net::Handler): one Session per connection, dispatch by area, the
// lobby, the game rooms, game creation and restore. Its handlers see only their area's desk (desks.hpp), and what
// lives on other nodes it asks of its Elsewhere; it shows only what server/node works on, the figures of /metrics
// and the restart notice (server/app/README.md).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>

#include "core/expected.hpp"
#include "db/read_pool.hpp"
#include "db/writer.hpp"
#include "server/accounts/accounts.hpp"
#include "server/app/app_options.hpp"
#include "server/app/call.hpp"
#include "server/app/desks.hpp"
#include "server/app/follow_news.hpp"
#include "server/app/sign_ins.hpp"
#include "server/app/tournament_service.hpp"
#include "server/app/user_reach.hpp"
#include "server/game/game_registry.hpp"
#include "server/game/room.hpp"
#include "server/game/stored_game.hpp"
#include "server/lobby/lobby.hpp"
#include "server/net/handler.hpp"
#include "server/problems/problem_service.hpp"
#include "server/ranking/policy.hpp"
#include "server/session/app_metrics.hpp"
#include "server/session/online_users.hpp"
#include "server/session/session.hpp"
#include "server/session/window_quota.hpp"

namespace yunzi::app {

class BoardService;

class App final : public net::Handler {
 public:
  // The application's counters (AppMetrics) are registered in `metrics`;
  // `metrics` and `elsewhere` must outlive the App.
  App(boost::asio::io_context& io, db::Writer& writer, accounts::Accounts& accounts, db::ReadPool& reads,
      prometheus::Registry& metrics, NowMs now_ms, AppOptions options,
      std::shared_ptr<const ranking::RankingPolicy> ranking_policy, Elsewhere& elsewhere);
  ~App() override;

  // The connection's session, which the connection holds and hands its messages to.
  std::shared_ptr<net::ConnectionHandler> on_open(const net::ConnectionPtr& connection) override;

  // Rebuilds a room for every stored game in progress (a single node, at start); returns how many.
  Expected<std::size_t, std::string> restore_games();
  // A game a cluster node claimed from another (on the io thread): restored,
  // and its players connected here join it; false when it cannot be played
  // here, and its lease is given up.
  bool adopt_game(const db::GameWithMoves& game, const game::StoredPlayers& players, db::GameFence fence);
  // Another node runs the game now: unlisted here, its room retired (unless
  // this node holds it again, at a newer epoch than `fence`).
  void retire_game(GameId game, const db::GameFence& fence);
  // Puts the starter library of problems into a database that holds none of it (setting `problem_library`), and
  // waits for the writer; returns how many problems were added.
  Expected<std::size_t, std::string> seed_problems();
  // A `notice` to every open connection.
  void notify_all(std::string_view text);

  // What a cluster node works on: the games in progress, who is online, the lobby, what reaches one user,
  // the quotas per user the nodes count together, and the tournaments followed again when a node goes.
  game::GameRegistry& games() { return games_; }
  session::OnlineUsers& online() { return online_; }
  lobby::Lobby& lobby() { return *lobby_; }
  const UserReach& reach() const { return reach_; }
  std::vector<session::SharedQuota> shared_quotas();
  TournamentService& tournaments() { return *tournaments_; }
  // The live figures of /metrics and of a node's heartbeat; safe from any thread.
  std::size_t session_count() const { return online_.session_count(); }
  std::size_t game_count() const { return games_.size(); }
  std::size_t scoring_count() const { return games_.scoring_count(); }
  std::size_t open_boards() const;

 private:
  boost::asio::io_context& io_;
  db::Writer& writer_;
  accounts::Accounts& accounts_;
  db::ReadPool& reads_;
  NowMs now_ms_;
  std::shared_ptr<const ranking::RankingPolicy> policy_;
  AppOptions options_;
  session::AppMetrics metrics_;
  session::OnlineUsers online_;
  game::GameRegistry games_;
  std::shared_ptr<lobby::Lobby> lobby_;
  game::RoomServices room_services_;
  session::WindowQuota reports_quota_;     // reports per user within any hour
  session::WindowQuota lobby_chat_quota_;  // lobby.chat lines per user within any minute
  session::WindowQuota messages_quota_;    // private messages per user within any minute
  std::shared_ptr<TournamentService> tournaments_;
  std::shared_ptr<BoardService> boards_;
  Elsewhere& elsewhere_;
  FollowNews follow_news_;
  SignIns sign_ins_;
  UserReach reach_;
  AnalysisWatchers analysis_watchers_;
  AnalysisRules analysis_rules_;
  problems::ProblemService problem_solver_;  // stopped first in ~App: its answers go through the desks
  Desks desks_;

  // A game whose row exists: starts its room, lists it, tells the players' sessions
  // (and answers the request that accepted it, when there is one).
  void start_room(GameId id, const lobby::GamePlan& plan, const std::optional<protocol::Responder>& respond,
                  std::optional<db::GameFence> fence);
  void create_game(lobby::GamePlan plan, protocol::Responder respond);
  void on_game_ended(GameId game, const protocol::GameEnd& end);
  // A stored game's room, listed and shown in the lobby; false when the engine cannot play it.
  bool restore_room(const db::GameWithMoves& game, const game::StoredPlayers& players,
                    std::optional<db::GameFence> fence);
  // The policy's monthly publication for the current month, then again at the start of the next.
  void publish_ranks();
  boost::asio::steady_timer publication_timer_;
};

}  // namespace yunzi::app
