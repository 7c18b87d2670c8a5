#include "server/app/sign_ins.hpp"

#include <spdlog/spdlog.h>

#include "server/game/room.hpp"

namespace yunzi::app {

bool SignIns::sign_in(const session::SessionPtr& session, const db::UserRecord& user, std::string token) {
  session::Session& s = *session;
  if (s.user && s.user->id == user.id) {
    // The same account again on this connection (a second login, a resume): it never left,
    // so its challenges, seeks and games stay as they are.
    s.user->token = std::move(token);
    spdlog::info("signed in again user={} connection={}", user.name, s.id());
    return true;
  }
  const session::OnlineUser online_user{user.id, session::user_info(user), user.muted_until_ms};
  const auto sessions = online_.sign_in(online_user, session, connections_per_user_);
  if (!sessions) {
    spdlog::warn("sign-in refused user={} connection={} reason=\"connections per user\" cap={}", user.name, s.id(),
                 connections_per_user_);
    return false;
  }
  // The former account leaves this connection only now that the new one is in.
  if (s.user) sign_out(s);
  s.user = session::SignedIn{user.id, user.name, std::move(token)};
  s.when_closed("sign-in", [this](session::Session& closed) { sign_out(closed); });
  if (*sessions == 1) {
    lobby_.user_online(online_user);
    follow_news_.came_online(user.id, online_user.info);
  } else {
    lobby_.user_connections_changed(user.id);
  }
  for (const auto& room : games_.rooms_of(user.id)) {
    room->player_connected(user.id, s.connection());
    s.watched_games.insert(room->id());
  }
  spdlog::info("signed in user={} connection={}", user.name, s.id());
  return true;
}

void SignIns::sign_out(session::Session& s) {
  if (!s.user) return;
  const session::SignedIn user = *s.user;
  s.user.reset();
  for (GameId game : s.spectating) lobby_.set_watching(user.id, game, false);
  s.spectating.clear();
  // A logged-out connection no longer hears its former player's games, and
  // no longer counts as the player's presence there.
  for (const auto& room : games_.rooms_of(user.id)) {
    room->player_disconnected(user.id, s.id());
    if (!s.closed) s.watched_games.erase(room->id());
  }
  if (!s.closed) elsewhere_.connection_left(s.id());
  if (online_.sign_out(user.id, s.id()) == 0) lobby_.user_offline(user.id);
  else lobby_.user_connections_changed(user.id);
  spdlog::info("signed out user={} connection={}", user.name, s.id());
}

}  // namespace yunzi::app
