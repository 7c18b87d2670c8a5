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

Coin random_coin() {
  auto engine = std::make_shared<std::mt19937>(std::random_device{}());
  auto mutex = std::make_shared<std::mutex>();
  return [engine, mutex] {
    std::lock_guard lock(*mutex);
    return std::bernoulli_distribution(0.5)(*engine);
  };
}

// The rated pairings are the rank policy's to decide.
AppOptions with_policy_rules(AppOptions options) {
  options.plan_rules.rank_gap = options.ranking_policy->rated_rank_gap();
  return options;
}

}  // namespace

App::App(boost::asio::io_context& io_in, db::Writer& writer_in, accounts::Accounts& accounts_in, db::ReadPool& reads_in,
         prometheus::Registry& metrics_registry, NowMs now_ms_in, AppOptions options_in)
    : io(io_in),
      writer(writer_in),
      accounts(accounts_in),
      reads(reads_in),
      now_ms(std::move(now_ms_in)),
      options(with_policy_rules(options_in)),
      metrics(metrics_registry),
      lobby(std::make_shared<Lobby>(io_in, online, games, metrics, options.plan_rules, random_coin(),
                                    options.lobby_limits)),
      room_services{io_in,
                    writer_in,
                    now_ms,
                    options_in.disconnect_grace,
                    options_in.scoring_deadline,
                    [policy = options_in.ranking_policy](db::Stores& stores, const game::GameEndFacts& facts) {
                      return rank_on_end(stores, *policy, facts);
                    },
                    [this](const protocol::LobbyGame& entry) { lobby->game_changed(entry); },
                    [this](std::int64_t game, const protocol::GameEnd& end) { on_game_ended(game, end); },
                    [this](std::int64_t game, const db::GameFence& fence) {
                      boost::asio::post(io, [this, game, fence] { retire_game(game, fence); });
                    }},
      reports_quota(options_in.reports_per_hour, 3'600'000),
      lobby_chat_quota(options_in.lobby_chat_per_minute, 60'000),
      messages_quota(options_in.messages_per_minute, 60'000),
      tournaments(std::make_shared<TournamentService>(
          io_in, writer_in, reads_in, now_ms, games,
          [this](GameId id, const GamePlan& plan, std::optional<db::GameFence> fence) {
            start_room(id, plan, std::nullopt, std::move(fence));
          },
          [this](UserId user, const protocol::Frame& frame) {
            online.send_to_user(user, frame);
            reach_.send_elsewhere(user, frame);
          },
          options_in.node.empty()
              ? std::nullopt
              : std::optional(TournamentService::ClusterNode{options_in.node, options_in.lease.count()}))),
      boards(std::make_shared<BoardService>(io_in, writer_in, reads_in, now_ms, options_in.board_limits)),
      sign_ins_(online, *lobby, games, options_in.connections_per_user),
      reach_(online, *lobby, games),
      desks_{
          .session = {accounts_in, sign_ins_, games},
          .lobby = {*lobby, online, lobby_chat_quota, options.plan_rules},
          .game = {games, *lobby, online},
          .user = {writer_in, online, reports_quota, *options.ranking_policy, options.recommendation_approval, reach_},
          .message = {writer_in, online, messages_quota, options.message_partners_per_hour},
          .board = {*boards, writer_in},
          .tournament = {*tournaments},
          .admin = {writer_in, online, games, *tournaments, *options.ranking_policy, options.plan_rules, reach_}},
      publication_timer_(io_in) {
  boards->start();
  lobby->set_start_game([this](GamePlan plan, protocol::Responder respond) { create_game(std::move(plan), respond); });
  // A month that began while the server was down is published at start; publishing twice changes nothing.
  if (options.ranking_policy->name() != ranking::TomPolicy{}.name()) publish_ranks();
}

App::~App() = default;

void App::attach_relay(std::shared_ptr<GameRelay> relay) {
  relay_ = std::move(relay);
  desks_.game.relay = relay_.get();
  desks_.session.relay = relay_.get();
  sign_ins_.attach_relay(relay_.get());
  relay_->on_game_ended_elsewhere([this](GameId game) { lobby->peer_game_removed(game); });
  // A game another node made for a user connected here: their connections join it from its start.
  reach_.on_game_made_elsewhere([this](UserId user, GameId game) {
    const auto online_user = online.find(user);
    if (!online_user) return;
    for (const SessionPtr& session : online.sessions_of(user)) {
      relay_->join_remote(session, user, online_user->info.name, {game}, 0);
    }
  });
}

void App::attach_lobby_link(std::shared_ptr<LobbyLink> link) {
  lobby_link_ = std::move(link);
  lobby->attach_peers(*lobby_link_, lobby_link_->id_base(), lobby_link_->address());
  desks_.lobby.link = lobby_link_.get();
}

void App::on_open(const net::ConnectionPtr& connection) {
  auto session =
      Session::create(io, connection, metrics, [this](const SessionPtr& s, std::string text, bool over_rate_limit) {
        dispatch(desks_, reads, now_ms, s, std::move(text), over_rate_limit);
      });
  online.add_session(session);
}

void App::on_message(const net::ConnectionPtr& connection, std::string text, bool over_rate_limit) {
  if (SessionPtr session = online.session(connection->id())) session->receive(std::move(text), over_rate_limit);
}

void App::on_close(const net::ConnectionPtr& connection) {
  SessionPtr session = online.remove_session(connection->id());
  if (!session) return;
  session->close([this](Session& s) {
    if (relay_) relay_->connection_left(s.id());
    lobby->connection_closed(s.id());
    boards->connection_closed(s.id());
    for (GameId game : s.watched_games) {
      if (auto room = games.find(game)) room->unwatch(s.id(), protocol::Responder::unheard());
    }
    sign_ins_.sign_out(s);
    s.watched_games.clear();
  });
}

void App::notify_all(std::string_view text) { online.send_to_all(protocol::notice(text)); }

}  // namespace yunzi::app
