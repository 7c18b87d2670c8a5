// The lobby across the nodes of a cluster with NATS: each node keeps a replica of the whole lobby and publishes on
// yunzi.lobby what it holds itself (server/node/README.md). A seek or challenge stays on the node it was made on,
// which alone decides who gets it: its id carries that node's prefix, a request about it made elsewhere is passed
// there, and the game starts there (the players elsewhere join it from its start: UserNews::game_made).
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>

#include <boost/asio/any_io_executor.hpp>
#include <nlohmann/json.hpp>

#include "core/expected.hpp"
#include "server/app/call.hpp"
#include "server/cluster/bus.hpp"
#include "server/lobby/lobby.hpp"
#include "server/lobby/lobby_peers.hpp"
#include "server/node/lobby_game_pacer.hpp"
#include "server/node/user_news.hpp"
#include "server/session/online_users.hpp"

namespace yunzi::node {

class LobbyLink final : public lobby::LobbyPeers {
 public:
  // `address`: this node's <node>.<boot>; `id_base`: the prefix its seeks and challenges are numbered from.
  // `executor` runs the pacing of the games' entries (LobbyGamePacer).
  LobbyLink(cluster::Bus& bus, boost::asio::any_io_executor executor, std::string address, std::int64_t id_base,
            lobby::Lobby& lobby, const UserNews& users);
  ~LobbyLink() override;

  // A prefix for a node's seek and challenge ids, drawn at random (20 bits, above 32).
  static std::int64_t random_id_base();
  std::int64_t id_base() const { return id_base_; }
  const std::string& address() const { return address_; }

  // Subscribes and says hello; the bus must be started. Before the server serves.
  Expected<Done, std::string> start();
  void stop();  // before the bus stops
  // Back on the bus: says hello again and tells all this node holds.
  void reconnected();
  void node_gone(const std::string& node, const std::string& boot);
  // A node this one took for gone (silent) is heard again: it is asked to
  // tell all it holds, which this node dropped.
  void node_back(const std::string& node, const std::string& boot);

  // A request about a seek or challenge another node holds (`kind`: the
  // request's type) goes there and is answered from there: true. False when
  // the id is this node's or no known node's, for the lobby here to answer.
  bool pass_on(const lobby::LobbyCaller& caller, std::string kind, std::int64_t target,
               nlohmann::json extra = {}) const;

  // LobbyPeers
  void user(UserId id, const protocol::UserInfo& info, protocol::UserStatus status, lobby::UserHolds holds) override;
  void user_left(UserId id) override;
  void seek(const protocol::SeekInfo& seek, UserId owner) override;
  void seek_removed(std::int64_t seek) override;
  void game(const protocol::LobbyGame& entry, UserId black, UserId white) override;
  void game_removed(GameId game) override;
  void game_moved_away(GameId game) override;
  void chat(const protocol::LobbyChatLine& line) override;
  void everything_begins() override;
  void everything_ends() override;
  void automatch_waiting(UserId user, const protocol::UserInfo& info, const GameSettings& settings) override;
  void automatch_left(UserId user) override;
  void pair_elsewhere(const std::string& origin, const lobby::LobbyCaller& caller, UserId partner,
                      const GameSettings& settings, std::function<void(lobby::PairAnswer)> answered) override;
  void send_to_user(UserId user, const protocol::Frame& frame) override;

 private:
  void publish(nlohmann::json message);
  void heard(const cluster::BusMessage& message);
  // One game's entry, as `game` carries it or an item of `games`.
  void heard_game(const std::string& origin, const nlohmann::json& item);
  void passed_on(const cluster::BusMessage& message);
  std::optional<std::string> holder_of(std::int64_t id) const;
  // A request to the node at `holder`, on behalf of the caller; the answer (or why there is none) goes to `answered`.
  void ask(const std::string& holder, const lobby::LobbyCaller& caller, nlohmann::json asked,
           std::function<void(Expected<std::string, cluster::BusError>)> answered) const;

  cluster::Bus& bus_;
  const std::string address_;
  const std::int64_t id_base_;
  lobby::Lobby& lobby_;
  const UserNews& users_;
  mutable std::mutex mutex_;
  std::map<std::int64_t, std::string> holders_;  // id prefix -> node address
  std::optional<cluster::Subscription> deltas_;
  std::optional<cluster::Subscription> requests_;
  std::atomic<bool> telling_everything_{false};
  const std::shared_ptr<LobbyGamePacer> games_;
};

}  // namespace yunzi::node
