// What reaches one user wherever they are connected: a rank change (their
// sessions get rank.change, the lobby shows the new rank), a kick (`kicked`,
// then their connections close), and the loss of their games in progress by
// forfeit (a ban, a closed account). Carried out on this node at once and
// told to the other nodes (Elsewhere), where the user may be connected or
// their games run; what they tell is carried out here with the *_here calls.
#pragma once

#include <string>
#include <string_view>

#include "core/rank.hpp"
#include "protocol/payloads.hpp"
#include "server/app/elsewhere.hpp"
#include "server/game/game_registry.hpp"
#include "server/lobby/lobby.hpp"
#include "server/session/online_users.hpp"

namespace yunzi::app {

class UserReach {
 public:
  UserReach(session::OnlineUsers& online, lobby::Lobby& lobby, const game::GameRegistry& games,
            const Elsewhere& elsewhere)
      : online_(online), lobby_(lobby), games_(games), elsewhere_(elsewhere) {}

  void rank_changed(UserId user, const protocol::RankChange& change) const;
  void kick(UserId user, std::string_view reason) const;
  void forfeit_games(UserId user, const std::string& reason) const;

  // On this node only.
  void rank_here(UserId user, Rank rank, const protocol::Frame& frame) const;
  void kick_here(UserId user, std::string_view reason) const;
  void forfeit_here(UserId user, const std::string& reason) const;

 private:
  session::OnlineUsers& online_;
  lobby::Lobby& lobby_;
  const game::GameRegistry& games_;
  const Elsewhere& elsewhere_;
};

}  // namespace yunzi::app
