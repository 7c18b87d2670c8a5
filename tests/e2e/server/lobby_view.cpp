#include "tests/e2e/server/lobby_view.hpp"

#include <algorithm>

#include "tests/e2e/server/cluster_fixture.hpp"

namespace yunzi::e2e {

LobbyView view_of(const Json& snapshot) {
  LobbyView view;
  for (const Json& user : snapshot["users"]) {
    view.users.insert(user["name"].get<std::string>() + ":" + user["status"].get<std::string>());
  }
  for (const Json& seek : snapshot["seeks"]) {
    view.seeks.insert(std::to_string(seek["id"].get<std::int64_t>()) + " by " +
                      seek["from"]["name"].get<std::string>());
  }
  for (const Json& game : snapshot["games"]) {
    view.games.insert(game_line(game["game"].get<std::int64_t>(), game["black"]["name"].get<std::string>(),
                                game["white"]["name"].get<std::string>(), game["move_number"].get<int>()));
  }
  return view;
}

LobbyView lobby_seen_by(Player& player) { return view_of(player.ok({{"type", "lobby.watch"}})); }

bool all_see(const std::vector<Player*>& players, const LobbyView& expected) {
  return eventually([&] {
    return std::all_of(players.begin(), players.end(), [&](Player* p) { return lobby_seen_by(*p) == expected; });
  });
}

std::string game_line(std::int64_t game, const std::string& black, const std::string& white, int moves) {
  return std::to_string(game) + " " + black + "-" + white + " #" + std::to_string(moves);
}

}  // namespace yunzi::e2e
