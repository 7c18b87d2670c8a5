// What the request handlers of each area are handed: the parts of the server
// that area uses, and nothing more. The App builds one desk per area at
// start; dispatch hands each request to the one desk with a handler for it
// (request_handlers.hpp). Every handler also gets its Call: the session,
// the responder, the read pool and the clock.
#pragma once

#include <cstddef>
#include <string>

#include "db/analysis_store.hpp"
#include "db/writer.hpp"
#include "server/accounts/accounts.hpp"
#include "server/app/analysis_watchers.hpp"
#include "server/app/elsewhere.hpp"
#include "server/app/sign_ins.hpp"
#include "server/app/user_reach.hpp"
#include "server/game/game_registry.hpp"
#include "server/lobby/game_plan.hpp"
#include "server/lobby/lobby.hpp"
#include "server/problems/problem_service.hpp"
#include "server/ranking/policy.hpp"
#include "server/session/online_users.hpp"
#include "server/session/window_quota.hpp"

namespace yunzi::app {

class BoardService;
class TournamentService;

// hello, register, login, resume, logout, ping.
struct SessionDesk {
  accounts::Accounts& accounts;
  SignIns& sign_ins;
  const game::GameRegistry& games;  // a resumed user's games in progress
  Elsewhere& elsewhere;             // the user's games other nodes run
};

// Seeks, automatch, challenges, the lobby's chat.
struct LobbyDesk {
  lobby::Lobby& lobby;
  const session::OnlineUsers& online;
  session::WindowQuota& chat_quota;  // lobby.chat lines per user within any minute
  const lobby::PlanRules& plan_rules;
  const Elsewhere& elsewhere;  // the seeks and challenges other nodes hold
};

// Watching games, their records, and the requests passed to a game's room.

struct GameDesk {
  const game::GameRegistry& games;
  lobby::Lobby& lobby;  // who watches which game
  const session::OnlineUsers& online;
  Elsewhere& elsewhere;  // the games other nodes run
};

// Profiles, histories, following, reports and 6d recommendations.
struct UserDesk {
  db::Writer& writer;
  const session::OnlineUsers& online;
  session::WindowQuota& reports_quota;  // reports per user within any hour
  const ranking::RankingPolicy& ranking_policy;
  bool recommendation_approval;
  const UserReach& reach;  // rank changes, kicks and forfeits, on every node
};

// Private messages.
struct MessageDesk {
  db::Writer& writer;
  const session::OnlineUsers& online;
  session::WindowQuota& quota;  // messages per user within any minute
  std::size_t partners_per_hour;
};

// Analysis boards and score estimates.
struct BoardDesk {
  BoardService& boards;
  db::Writer& writer;
};

struct TournamentDesk {
  TournamentService& tournaments;
};

// The machine's reviews: the engine asked for, what one user may ask, and
// how often a worker may fail one before it is given up.
struct AnalysisRules {
  std::string engine;
  db::AnalysisCaps caps;
  int max_attempts = 3;
  // A running review whose worker has not reported for this long goes to the next worker that asks.
  TimeMs stale_ms = 300'000;
};

// Reviews asked for and read by players, run by workers.
struct AnalysisDesk {
  db::Writer& writer;
  const session::OnlineUsers& online;  // a worker's role; the users told how a review goes
  const Elsewhere& elsewhere;          // the same users on other nodes
  AnalysisWatchers& watchers;
  const AnalysisRules& rules;
};

// Life-and-death problems: the library and the players' attempts, read through the read pool and written by the
// writer; moves off the answer tree, hints and imports judged by the solver on its own thread. problem.import's
// admin role is checked before it reaches this desk.
struct ProblemDesk {
  db::Writer& writer;
  problems::ProblemService& solver;
};

// admin.*: the role is checked before a request reaches this desk.
struct AdminDesk {
  db::Writer& writer;
  session::OnlineUsers& online;
  const game::GameRegistry& games;
  TournamentService& tournaments;
  const ranking::RankingPolicy& ranking_policy;
  const lobby::PlanRules& plan_rules;
  const UserReach& reach;  // rank changes, kicks and forfeits, on every node
};

struct Desks {
  SessionDesk session;
  LobbyDesk lobby;
  GameDesk game;
  UserDesk user;
  MessageDesk message;
  BoardDesk board;
  TournamentDesk tournament;
  AnalysisDesk analysis;
  ProblemDesk problem;
  AdminDesk admin;
};

}  // namespace yunzi::app
