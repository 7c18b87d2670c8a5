// What reaches one user wherever they are connected: a rank change (their
// sessions get rank.change, the lobby shows the new rank), a kick (`kicked`,
// then their connections close), and the loss of their games in progress by
// forfeit (a ban, a closed account). Carried out on this node at once and,
// in a cluster with NATS, on every other node through yunzi.user.<id>: the
// user may be connected there, or their games run there.
#pragma once

#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/expected.hpp"
#include "core/rank.hpp"
#include "protocol/payloads.hpp"
#include "server/cluster/bus.hpp"
#include "server/game/game_registry.hpp"
#include "server/lobby/lobby.hpp"
#include "server/session/online_users.hpp"

namespace yunzi::app {

class UserReach {
 public:
  UserReach(session::OnlineUsers& online, lobby::Lobby& lobby, const game::GameRegistry& games)
      : online_(online), lobby_(lobby), games_(games) {}
  ~UserReach();

  void rank_changed(UserId user, const protocol::RankChange& change) const;
  void kick(UserId user, std::string_view reason) const;
  void forfeit_games(UserId user, const std::string& reason) const;
  // In a cluster: a frame for the user's connections on the other nodes
  // (this node's own are the caller's to send), and a game this node made
  // for the user, which their connections there join from its start.
  void send_elsewhere(UserId user, const protocol::Frame& frame) const;
  void game_made(UserId user, GameId game) const;
  // How a game another node made reaches the user's connections here.
  using GameMadeElsewhere = std::function<void(UserId user, GameId game)>;
  void on_game_made_elsewhere(GameMadeElsewhere joins);

  // A cluster node's bus: what happens here is told to the other nodes, and
  // what they tell is carried out here. `address` (<node>.<boot>) tells this
  // node's own messages apart. Before the server starts; stop before the bus.
  Expected<Done, std::string> start_on(cluster::Bus& bus, std::string address);
  void stop();

 private:
  void heard(const cluster::BusMessage& message) const;
  void tell_others(UserId user, nlohmann::json event) const;
  void apply_rank(UserId user, Rank rank, const protocol::Frame& frame) const;
  void apply_kick(UserId user, std::string_view reason) const;
  void apply_forfeit(UserId user, const std::string& reason) const;

  session::OnlineUsers& online_;
  lobby::Lobby& lobby_;
  const game::GameRegistry& games_;
  cluster::Bus* bus_ = nullptr;
  std::string address_;
  mutable std::mutex mutex_;
  std::optional<cluster::Subscription> subscription_;
  GameMadeElsewhere game_made_elsewhere_;  // under mutex_
};

}  // namespace yunzi::app
