// Accounts coming to and leaving a connection: the online list, the lobby's
// list of players, the player's followers, and the player's games in
// progress hearing of it.
#pragma once

#include <cstddef>
#include <string>

#include "db/records.hpp"
#include "server/app/elsewhere.hpp"
#include "server/app/follow_news.hpp"
#include "server/game/game_registry.hpp"
#include "server/lobby/lobby.hpp"
#include "server/session/online_users.hpp"
#include "server/session/session.hpp"

namespace yunzi::app {

class SignIns {
 public:
  SignIns(session::OnlineUsers& online, lobby::Lobby& lobby, game::GameRegistry& games, Elsewhere& elsewhere,
          FollowNews& follow_news, std::size_t connections_per_user)
      : online_(online),
        lobby_(lobby),
        games_(games),
        elsewhere_(elsewhere),
        follow_news_(follow_news),
        connections_per_user_(connections_per_user) {}

  // After login, register or resume on this session; false (nothing changed)
  // when the user is already signed in on connections_per_user connections.
  bool sign_in(const session::SessionPtr& session, const db::UserRecord& user, std::string token);
  // After logout, or when the connection closes.
  void sign_out(session::Session& session);

  std::size_t connections_per_user() const { return connections_per_user_; }

 private:
  session::OnlineUsers& online_;
  lobby::Lobby& lobby_;
  game::GameRegistry& games_;
  Elsewhere& elsewhere_;  // a logout leaves the games other nodes run too
  FollowNews& follow_news_;
  std::size_t connections_per_user_;
};

}  // namespace yunzi::app
