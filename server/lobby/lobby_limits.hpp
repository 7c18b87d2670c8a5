// What one user may hold in the lobby and how much the lobby holds and shows
// in all. Every per-user cap is counted on the lobby's strand, so requests
// from many connections of one user at once cannot pass it together. The
// defaults are the documented production values (server/config/README.md).
#pragma once

#include <cstddef>

namespace yunzi::lobby {

struct LobbyLimits {
  std::size_t seeks_per_user = 3;       // open seeks of one user
  std::size_t challenges_per_user = 5;  // pending challenges one user has sent
  std::size_t games_per_user = 10;      // games in progress (and being created) of one user
  std::size_t seeks_max = 500;          // open seeks in the whole lobby
  std::size_t list_max = 2000;          // users, and games, one lobby.watch snapshot lists
  std::size_t chat_history = 100;       // the lobby chat's newest lines, kept in memory and sent with a snapshot
  friend bool operator==(const LobbyLimits&, const LobbyLimits&) = default;
};

}  // namespace yunzi::lobby
