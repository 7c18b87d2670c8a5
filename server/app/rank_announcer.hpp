// A stored rank change reaching the people online: the user's sessions get
// `rank.change`, the lobby shows the new rank.
#pragma once

#include "protocol/payloads.hpp"
#include "server/lobby/lobby.hpp"
#include "server/session/online_users.hpp"

namespace yunzi::app {

class RankAnnouncer {
 public:
  RankAnnouncer(OnlineUsers& online, Lobby& lobby) : online_(online), lobby_(lobby) {}

  void announce(UserId user, const protocol::RankChange& change) const;

 private:
  OnlineUsers& online_;
  Lobby& lobby_;
};

}  // namespace yunzi::app
