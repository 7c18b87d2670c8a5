// The lobby as a test compares it between the nodes of a cluster: what a
// lobby.watch answer shows, in an order that does not depend on the node.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "tests/e2e/server/player.hpp"

namespace yunzi::e2e {

// "name:status" per user, "id by name" per seek, "id black-white #moves" per game.
struct LobbyView {
  std::set<std::string> users;
  std::set<std::string> seeks;
  std::set<std::string> games;
  friend bool operator==(const LobbyView&, const LobbyView&) = default;
};

LobbyView view_of(const Json& snapshot);
LobbyView lobby_seen_by(Player& player);
// Every one of `players` sees `expected` in the lobby of their node, within a bounded time.
bool all_see(const std::vector<Player*>& players, const LobbyView& expected);
std::string game_line(std::int64_t game, const std::string& black, const std::string& white, int moves);

}  // namespace yunzi::e2e
