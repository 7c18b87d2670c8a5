// hello, register, login, resume, logout, ping. Hashing and database work
// run on the accounts' threads; their answers come back to the session's
// strand before the session changes.
#include <algorithm>
#include <functional>
#include <vector>

#include <spdlog/spdlog.h>

#include "server/app/desks.hpp"
#include "server/app/reading.hpp"
#include "server/app/request_handlers.hpp"

namespace yunzi::app {
namespace {

protocol::ErrorCode to_protocol(accounts::AccountErrorCode code) {
  switch (code) {
    case accounts::AccountErrorCode::bad_request: return protocol::ErrorCode::bad_request;
    case accounts::AccountErrorCode::name_taken: return protocol::ErrorCode::name_taken;
    case accounts::AccountErrorCode::bad_credentials: return protocol::ErrorCode::bad_credentials;
    case accounts::AccountErrorCode::banned: return protocol::ErrorCode::banned;
    case accounts::AccountErrorCode::rate_limited: return protocol::ErrorCode::rate_limited;
    case accounts::AccountErrorCode::internal: return protocol::ErrorCode::internal;
  }
  return protocol::ErrorCode::internal;
}

// The peer's address without the port, for login throttling and the sign-up cap.
std::string client_ip(const std::string& remote) {
  if (!remote.empty() && remote.front() == '[') return remote.substr(1, remote.find(']') - 1);
  const auto colon = remote.rfind(':');
  return colon == std::string::npos ? remote : remote.substr(0, colon);
}

enum class AuthKind { session, resume };

void answer_signed_in(const SessionDesk& desk, const Call& c, const db::UserRecord& user, AuthKind kind,
                      const std::string& token) {
  const protocol::UserInfo info = session::user_info(user);
  if (kind == AuthKind::session) {
    c.reply(protocol::reply_session(c.id, token, info));
    desk.elsewhere.rejoin_games(c, user, [](const Call&, std::vector<GameId>) {});
    return;
  }
  desk.elsewhere.rejoin_games(c, user, [&desk, info, id = user.id](const Call& c, std::vector<GameId> elsewhere) {
    std::vector<GameId> games = desk.games.games_of(id);
    games.insert(games.end(), elsewhere.begin(), elsewhere.end());
    std::sort(games.begin(), games.end());
    games.erase(std::unique(games.begin(), games.end()), games.end());
    c.reply(protocol::reply_resume(c.id, info, games));
  });
}

accounts::Accounts::AuthCallback on_authenticated(const SessionDesk& desk, const Call& call, AuthKind kind,
                                                  std::string what) {
  return [&desk, call, kind, what = std::move(what)](accounts::AccountResult<accounts::Authenticated> result) {
    call.later([&desk, result = std::move(result), kind, what](const Call& c) {
      if (c.session->closed) return;
      if (!result) {
        const accounts::AccountError& error = result.error();
        spdlog::info("{} refused connection={} code={}", what, c.session->id(), accounts::to_string(error.code));
        // The end of a ban as a number too, so a client can show it in its own language and time zone.
        if (error.until_ms) {
          return c.respond.fail(to_protocol(error.code), error.message, {{"until", *error.until_ms}});
        }
        return c.error(to_protocol(error.code), error.message);
      }
      if (!desk.sign_ins.sign_in(c.session, result->user, result->token)) {
        // A token made for this login would be valid without anyone knowing it: it goes at once.
        if (kind == AuthKind::session) desk.accounts.logout(result->token, [](accounts::AccountResult<Done>) {});
        return c.error(protocol::ErrorCode::limit_reached,
                       "at most " + std::to_string(desk.sign_ins.connections_per_user()) +
                           " connections per user may be signed in at once; close one first");
      }
      answer_signed_in(desk, c, result->user, kind, result->token);
    });
  };
}

}  // namespace

void handle(const SessionDesk&, const Call& call, const req::Hello&) {
  call.reply(protocol::reply_hello(call.id, call.now_ms()));
}

void handle(const SessionDesk& desk, const Call& call, const req::Register& r) {
  desk.accounts.register_user(r.name, r.password, to_string(r.rank),
                              client_ip(call.session->connection()->remote_address()),
                              on_authenticated(desk, call, AuthKind::session, "register"));
}

void handle(const SessionDesk& desk, const Call& call, const req::Login& r) {
  desk.accounts.login(r.name, r.password, client_ip(call.session->connection()->remote_address()),
                      on_authenticated(desk, call, AuthKind::session, "login"));
}

void handle(const SessionDesk& desk, const Call& call, const req::Resume& r) {
  desk.accounts.resume(r.token, on_authenticated(desk, call, AuthKind::resume, "resume"));
}

void handle(const SessionDesk& desk, const Call& call, const req::Logout&) {
  const std::string token = call.user->token;
  desk.sign_ins.sign_out(*call.session);
  desk.accounts.logout(token, [call](accounts::AccountResult<Done> result) {
    call.later([result = std::move(result)](const Call& c) {
      if (!result) return c.error(to_protocol(result.error().code), result.error().message);
      c.ok();
    });
  });
}

void handle(const SessionDesk&, const Call& call, const req::Ping& r) {
  call.reply(protocol::reply_ping(call.id, r.t, call.now_ms()));
}

}  // namespace yunzi::app
