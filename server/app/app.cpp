#include "server/app/app.hpp"

#include <random>

#include <spdlog/spdlog.h>

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

protocol::UserInfo user_info(const db::UserRecord& user) { return protocol::UserInfo{user.name, user.rank, user.role}; }

App::App(boost::asio::io_context& io_in, db::Writer& writer_in, accounts::Accounts& accounts_in, db::ReadPool& reads_in,
         prometheus::Registry& metrics_registry, Clock now_ms_in, AppOptions options_in)
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
                    [this](std::int64_t game, const protocol::GameEnd& end) { on_game_ended(game, end); }},
      reports_quota(options_in.reports_per_hour, 3'600'000),
      lobby_chat_quota(options_in.lobby_chat_per_minute, 60'000),
      messages_quota(options_in.messages_per_minute, 60'000),
      tournaments(std::make_shared<TournamentService>(*this)),
      boards(std::make_shared<BoardService>(*this, options_in.board_limits)),
      publication_timer_(io_in) {
  boards->start();
  lobby->set_start_game([this](GamePlan plan, protocol::Responder respond) { create_game(std::move(plan), respond); });
  // A month that began while the server was down is published at start; publishing twice changes nothing.
  if (options.ranking_policy->name() != ranking::TomPolicy{}.name()) publish_ranks();
}

App::~App() = default;

bool App::is_muted(UserId user) const {
  auto entry = online.find(user);
  return entry && entry->muted_until && *entry->muted_until > now_ms();
}

void App::on_open(const net::ConnectionPtr& connection) {
  auto session =
      Session::create(io, connection, metrics, [this](const SessionPtr& s, std::string text, bool over_rate_limit) {
        dispatch(*this, s, std::move(text), over_rate_limit);
      });
  online.add_session(session);
}

void App::on_message(const net::ConnectionPtr& connection, std::string text, bool over_rate_limit) {
  if (SessionPtr session = online.session(connection->id())) session->receive(std::move(text), over_rate_limit);
}

void App::on_close(const net::ConnectionPtr& connection) {
  SessionPtr session = online.remove_session(connection->id());
  if (!session) return;
  lobby->connection_closed(connection->id());
  boards->connection_closed(connection->id());
  session->post([this](Session& s) {
    s.closed = true;
    for (GameId game : s.watched_games) {
      if (auto room = games.find(game)) room->unwatch(s.id(), protocol::Responder::unheard());
    }
    signed_out(s);
    s.watched_games.clear();
  });
}

bool App::signed_in(const SessionPtr& session, const db::UserRecord& user, std::string token) {
  Session& s = *session;
  if (s.user && s.user->id == user.id) {
    // The same account again on this connection (a second login, a resume): it never left,
    // so its challenges, seeks and games stay as they are.
    s.user->token = std::move(token);
    spdlog::info("signed in again user={} connection={}", user.name, s.id());
    return true;
  }
  const OnlineUser online_user{user.id, user_info(user), user.muted_until_ms};
  const auto sessions = online.sign_in(online_user, session, options.connections_per_user);
  if (!sessions) {
    spdlog::warn("sign-in refused user={} connection={} reason=\"connections per user\" cap={}", user.name, s.id(),
                 options.connections_per_user);
    return false;
  }
  // The former account leaves this connection only now that the new one is in.
  if (s.user) signed_out(s);
  s.user = SignedIn{user.id, user.name, std::move(token)};
  if (*sessions == 1) lobby->user_online(online_user);
  for (const auto& room : games.rooms_of(user.id)) {
    room->player_connected(user.id, s.connection());
    s.watched_games.insert(room->id());
  }
  spdlog::info("signed in user={} connection={}", user.name, s.id());
  return true;
}

void App::signed_out(Session& s) {
  if (!s.user) return;
  const SignedIn user = *s.user;
  s.user.reset();
  for (GameId game : s.spectating) lobby->set_watching(user.id, game, false);
  s.spectating.clear();
  const auto rooms = games.rooms_of(user.id);
  if (!s.closed) {
    // A logged-out connection no longer hears its former player's games.
    for (const auto& room : rooms) {
      room->unwatch(s.id(), protocol::Responder::unheard());
      s.watched_games.erase(room->id());
    }
  }
  if (online.sign_out(user.id, s.id()) == 0) {
    lobby->user_offline(user.id);
    for (const auto& room : rooms) room->player_disconnected(user.id);
  }
  spdlog::info("signed out user={} connection={}", user.name, s.id());
}

void App::notify_all(std::string_view text) { online.send_to_all(protocol::notice(text)); }

}  // namespace yunzi::app
