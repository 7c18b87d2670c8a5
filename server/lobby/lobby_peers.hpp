// The other nodes of a cluster, as the lobby sees them. What the lobby holds
// itself (its node's users with their status, the seeks made here, the games
// this node runs) it tells them through this interface, and they keep it in
// their replicas; a challenge (or its refusal) may be for a user connected
// to another node. server/node's LobbyLink carries it over NATS; a single
// node's lobby tells `no_peers()`, which hears nothing.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "core/ids.hpp"
#include "protocol/chat_messages.hpp"
#include "protocol/lobby_messages.hpp"
#include "protocol/payloads.hpp"
#include "protocol/responder.hpp"
#include "server/session/online_users.hpp"

namespace yunzi::lobby {

// Who asks, and the answer to their request.
struct LobbyCaller {
  session::OnlineUser user;
  protocol::Responder respond;
};

// How another node answered a request to pair a player with one waiting there.
enum class PairAnswer {
  paired,        // the game is made there, and the caller was answered
  partner_gone,  // the partner waits there no more (or the node did not answer)
  refused,       // the partner still waits, but may not play the caller now (a cap, the rated rules)
};

// What a user holds on one node that the caps per user count over every node.
struct UserHolds {
  std::size_t connections = 0;  // signed-in connections
  std::size_t challenges = 0;   // pending challenges they sent
};

class LobbyPeers {
 public:
  virtual ~LobbyPeers() = default;
  virtual void user(UserId id, const protocol::UserInfo& info, protocol::UserStatus status, UserHolds holds) = 0;
  virtual void user_left(UserId id) = 0;
  virtual void seek(const protocol::SeekInfo& seek, UserId owner) = 0;
  virtual void seek_removed(std::int64_t seek) = 0;
  virtual void game(const protocol::LobbyGame& entry, UserId black, UserId white) = 0;
  virtual void game_removed(GameId game) = 0;
  // Another node took the game over: it tells of it from now on.
  virtual void game_moved_away(GameId game) = 0;
  virtual void chat(const protocol::LobbyChatLine& line) = 0;
  // Everything this node holds is told between these two: what a node
  // showed of this one before and is not told again is gone.
  virtual void everything_begins() = 0;
  virtual void everything_ends() = 0;
  // Quick play: a player of this node waits for a game with these settings, or no longer does.
  virtual void automatch_waiting(UserId user, const protocol::UserInfo& info, const GameSettings& settings) = 0;
  virtual void automatch_left(UserId user) = 0;
  // Pairs the caller with `partner`, who waits on node `origin`: when the
  // game is made there, the caller is answered from there. `answered` is
  // told how it went, on no particular thread.
  virtual void pair_elsewhere(const std::string& origin, const LobbyCaller& caller, UserId partner,
                              const GameSettings& settings, std::function<void(PairAnswer)> answered) = 0;
  // To the user's connections on the other nodes (this node's are sent to already).
  virtual void send_to_user(UserId user, const protocol::Frame& frame) = 0;
};

// A single node's peers: none.
LobbyPeers& no_peers();

}  // namespace yunzi::lobby
