// A running server with an admin account, made as an operator would: `yunzi-admin db init`
// and `db create-admin` on the data directory before the start. Rated games between Players end by
// resignation at once, so a test can play a rank block in seconds.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tests/e2e/server/player.hpp"
#include "tests/e2e/server/server_process.hpp"
#include "tests/e2e/server/temp_dir.hpp"

namespace yunzi::e2e {

inline constexpr const char* admin_name = "root";
inline constexpr const char* admin_password = "root password 1";

struct RankedServer {
  explicit RankedServer(ServerOptions options = {});
  ~RankedServer();
  RankedServer(const RankedServer&) = delete;
  RankedServer& operator=(const RankedServer&) = delete;

  Player registered(const std::string& name, const std::string& rank = "5k");
  // A logged-in connection of the admin.
  Player admin();
  // `yunzi-admin db <args...> --data-dir <the server's>`; must exit 0.
  void db_command(std::vector<std::string> args);

  TempDir dir;
  ServerProcess server;
};

// 19x19, even, komi 7.5, byo-yomi: what the rank rules accept as rated.
Json rated_settings();

struct RatedGame {
  std::int64_t game = 0;
  Json end;  // game.end as the winner saw it
};

// `challenger` offers `opponent` a rated game, which is accepted; as soon as
// it starts the player who is not `winner` resigns. Both players must get
// game.start and the same game.end.
RatedGame play_rated_win(Player& challenger, Player& opponent, Player& winner);

// The user's rank as user.info tells it to `asker`.
std::string rank_of(Player& asker, const std::string& name);

}  // namespace yunzi::e2e
