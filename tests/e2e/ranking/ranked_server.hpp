// A running server with an admin account, made as an operator would: `yunzi-admin db init`
// and `db create-admin` on the data directory before the start.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tests/e2e/server/player.hpp"
#include "tests/e2e/server/rated_games.hpp"
#include "tests/e2e/server/server_process.hpp"
#include "tests/support/temp_dir.hpp"

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
  // `count` rated games that `winner` won against `loser` at their current
  // ranks, ended one a minute over the last day, written straight into the
  // server's database while it runs: history (30 games at 9d for a
  // recommender) that would take too long to play in a test.
  void record_won_games(const std::string& winner, const std::string& loser, int count);

  test_support::TempDir dir;
  ServerProcess server;
};

// The user's rank as user.info tells it to `asker`.
std::string rank_of(Player& asker, const std::string& name);

// `root` sets the player's rank (admin.set_rank); the player is told.
void set_rank(Player& root, Player& player, const std::string& rank);

// A 9d entitled to recommend to 6d: 30 counted games at 9d, all in the last
// day (won against a 9d `<name>_partner`).
Player entitled_nine_dan(RankedServer& ranked, Player& root, const std::string& name = "ninedan");

}  // namespace yunzi::e2e
