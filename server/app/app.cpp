#include "server/app/app.hpp"

#include <random>

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>

#include "protocol/events.hpp"
#include "server/app/board_service.hpp"
#include "server/app/dispatch.hpp"
#include "server/ranking_service/rank_keeping.hpp"

namespace yunzi::app {
namespace {

lobby::Coin random_coin() {
  auto engine = std::make_shared<std::mt19937>(std::random_device{}());
  auto mutex = std::make_shared<std::mutex>();
  return [engine, mutex] {
    std::lock_guard lock(*mutex);
    return std::bernoulli_distribution(0.5)(*engine);
  };
}

// The rated pairings are the rank policy's to decide.
AppOptions with_policy_rules(AppOptions options, const ranking::RankingPolicy& policy) {
  options.plan_rules.rank_gap = policy.rated_rank_gap();
  return options;
}

}  // namespace

App::App(boost::asio::io_context& io_in, db::Writer& writer_in, accounts::Accounts& accounts_in, db::ReadPool& reads_in,
         prometheus::Registry& metrics_registry, NowMs now_ms_in, AppOptions options_in,
         std::shared_ptr<const ranking::RankingPolicy> ranking_policy, Elsewhere& elsewhere)
    : io_(io_in),
      writer_(writer_in),
      accounts_(accounts_in),
      reads_(reads_in),
      now_ms_(std::move(now_ms_in)),
      policy_(std::move(ranking_policy)),
      options_(with_policy_rules(std::move(options_in), *policy_)),
      metrics_(metrics_registry),
      lobby_(std::make_shared<lobby::Lobby>(io_in, online_, games_, metrics_, options_.plan_rules, random_coin(),
                                            options_.lobby_limits)),
      room_services_{io_in,
                     writer_in,
                     now_ms_,
                     options_.disconnect_grace,
                     options_.scoring_deadline,
                     [policy = policy_](db::Stores& stores, const game::GameEndFacts& facts) {
                       return ranking_service::rank_on_end(stores, *policy, facts);
                     },
                     [this](const protocol::LobbyGame& entry) { lobby_->game_changed(entry); },
                     [this](std::int64_t game, const protocol::GameEnd& end) { on_game_ended(game, end); },
                     [this](std::int64_t game, const db::GameFence& fence) {
                       boost::asio::post(io_, [this, game, fence] { retire_game(game, fence); });
                     }},
      reports_quota_(options_.reports_per_hour, 3'600'000),
      lobby_chat_quota_(options_.lobby_chat_per_minute, 60'000),
      messages_quota_(options_.messages_per_minute, 60'000),
      tournaments_(std::make_shared<TournamentService>(
          io_in, writer_in, reads_in, now_ms_, games_,
          [this](GameId id, const lobby::GamePlan& plan, std::optional<db::GameFence> fence) {
            start_room(id, plan, std::nullopt, std::move(fence));
          },
          [this](UserId user, const protocol::Frame& frame) {
            online_.send_to_user(user, frame);
            elsewhere_.send_to_user(user, frame);
          },
          elsewhere)),
      boards_(std::make_shared<BoardService>(io_in, writer_in, reads_in, now_ms_, options_.board_limits)),
      elsewhere_(elsewhere),
      follow_news_(reads_in, online_, elsewhere, now_ms_, options_.follow_online_quiet),
      sign_ins_(online_, *lobby_, games_, elsewhere, follow_news_, options_.connections_per_user),
      reach_(online_, *lobby_, games_, elsewhere),
      analysis_rules_{options_.analysis_engine,
                      {options_.analysis_open_per_user, options_.analyses_per_day, options_.analysis_queue}},
      problem_solver_(problems::SolverOptions{options_.problem_solver_queue, options_.problem_solver_nodes}),
      desks_{.session = {accounts_in, sign_ins_, games_, elsewhere},
             .lobby = {*lobby_, online_, lobby_chat_quota_, options_.plan_rules, elsewhere},
             .game = {games_, *lobby_, online_, elsewhere},
             .user = {writer_in, online_, reports_quota_, *policy_, options_.recommendation_approval, reach_},
             .message = {writer_in, online_, messages_quota_, options_.message_partners_per_hour},
             .board = {*boards_, writer_in},
             .tournament = {*tournaments_},
             .analysis = {writer_in, online_, elsewhere, analysis_watchers_, analysis_rules_},
             .problem = {writer_in, problem_solver_},
             .admin = {writer_in, online_, games_, *tournaments_, *policy_, options_.plan_rules, reach_}},
      publication_timer_(io_in) {
  boards_->start();
  lobby_->set_start_game(
      [this](lobby::GamePlan plan, protocol::Responder respond) { create_game(std::move(plan), respond); });
  // A month that began while the server was down is published at start; publishing twice changes nothing.
  if (policy_->name() != ranking::TomPolicy{}.name()) publish_ranks();
}

App::~App() { problem_solver_.stop(); }

std::shared_ptr<net::ConnectionHandler> App::on_open(const net::ConnectionPtr& connection) {
  auto session = session::Session::create(io_, connection, metrics_,
                                          [this](const session::SessionPtr& s, std::string text, bool over_rate_limit) {
                                            dispatch(desks_, reads_, now_ms_, s, std::move(text), over_rate_limit);
                                          });
  online_.add_session(session);
  // The rooms it watches and the games it follows on other nodes let go of it;
  // the lobby, a board and a sign-in register their own cleanup when they start following it.
  session->when_closed("games", [this](session::Session& s) {
    elsewhere_.connection_left(s.id());
    for (GameId game : s.watched_games) {
      if (auto room = games_.find(game)) room->unwatch(s.id(), protocol::Responder::unheard());
    }
    s.watched_games.clear();
  });
  return session;
}

void App::notify_all(std::string_view text) { online_.send_to_all(protocol::notice(text)); }

std::vector<session::SharedQuota> App::shared_quotas() {
  return {{"reports", reports_quota_}, {"lobby_chat", lobby_chat_quota_}, {"messages", messages_quota_}};
}

std::size_t App::open_boards() const { return boards_->open_boards(); }

}  // namespace yunzi::app
