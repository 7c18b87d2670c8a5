// What reaches one user, carried between the nodes over yunzi.user.<id>:
// rank changes, kicks, forfeits, frames for their connections, and games
// made for them. What this node's UserReach did here is told to the others;
// what they tell is done here (UserReach's *_here, the user's connections,
// and `game_made` for a game made elsewhere).
#pragma once

#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/expected.hpp"
#include "server/app/user_reach.hpp"
#include "server/cluster/bus.hpp"
#include "server/session/online_users.hpp"

namespace yunzi::node {

class UserNews {
 public:
  // Joins the user's connections here to a game another node made for them.
  // `address` (<node>.<boot>) tells this node's own messages apart.
  using GameMadeElsewhere = std::function<void(UserId user, GameId game)>;

  UserNews(cluster::Bus& bus, std::string address, const app::UserReach& reach, session::OnlineUsers& online,
           GameMadeElsewhere game_made)
      : bus_(bus),
        address_(std::move(address)),
        reach_(reach),
        online_(online),
        game_made_elsewhere_(std::move(game_made)) {}

  // Before the server starts; stop before the bus.
  Expected<Done, std::string> start();
  void stop();

  void send_to_user(UserId user, const protocol::Frame& frame) const;
  void rank_changed(UserId user, Rank rank, const protocol::Frame& frame) const;
  void kick(UserId user, std::string_view reason) const;
  void forfeit_games(UserId user, const std::string& reason) const;
  void game_made(UserId user, GameId game) const;

 private:
  void tell(UserId user, nlohmann::json event) const;
  void heard(const cluster::BusMessage& message) const;

  cluster::Bus& bus_;
  const std::string address_;
  const app::UserReach& reach_;
  session::OnlineUsers& online_;
  const GameMadeElsewhere game_made_elsewhere_;
  std::mutex mutex_;
  std::optional<cluster::Subscription> subscription_;
};

}  // namespace yunzi::node
