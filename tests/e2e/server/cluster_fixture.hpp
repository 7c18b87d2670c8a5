// Several yunzi-server nodes (n1, n2, ...) on one fresh schema of the tests'
// PostgreSQL server (tests/support/with-postgres), each a ServerProcess with
// --node and --lease-s, and what the cluster tests ask of them.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "db/ownership_store.hpp"
#include "tests/e2e/server/game_helpers.hpp"
#include "tests/e2e/server/player.hpp"
#include "tests/e2e/server/server_process.hpp"
#include "tests/support/nats_server.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/wait.hpp"

namespace yunzi::e2e {

struct Cluster {
  // `extra_args` go to every node.
  Cluster(int count, int lease_s, std::vector<std::string> extra_args = {});
  ~Cluster();  // a node left stopped (SIGSTOP) is continued so that it can be stopped

  ServerProcess& node(int number) { return *nodes.at(static_cast<std::size_t>(number - 1)); }
  // The game's owner as the database has it.
  std::optional<db::GameLease> owner_of(std::int64_t game);
  // How many moves the database keeps for the game.
  std::size_t stored_moves(std::int64_t game);
  // The account becomes an admin (each admin request reads the role from the database).
  void make_admin(const std::string& name_key);

  test_support::TempDir dir{"yunzi-cluster"};
  std::string database;
  int lease_s;
  std::vector<std::unique_ptr<ServerProcess>> nodes;
};

// `player` connects to `node` and signs in with its token; once the node
// runs `game` (at once, or after a takeover within a few leases), the player
// watches it there. Returns the game's state.
Json join_on(Player& player, ServerProcess& node, std::int64_t game, int lease_s);
// On the connection it has: once a node runs `game`, the player watches it. Returns the game's state.
Json watch_once_running(Player& player, const ServerProcess& node, std::int64_t game, int lease_s);

// New accounts for both players (on the node they are connected to), in a
// game `black` challenged `white` to with `settings`.
std::int64_t seated_game(Player& black, Player& white, Json settings = friendly_settings());

// Starts the tests' nats-server, or fails the test.
void start_nats(test_support::NatsServer& nats);

// The node's /metrics text.
std::string metrics_of(const ServerProcess& node);
// The status code of the node's /healthz (or of another of its checks: /readyz, /livez).
unsigned health_of(const ServerProcess& node, const std::string& path = "/healthz");

// SIGTERM, and the node's exit code.
int stopped(ServerProcess& node);

// Waits (bounded) until `condition` holds: a cluster's lease rounds and heartbeats take seconds.
inline bool eventually(const std::function<bool()>& condition) {
  return test_support::wait_until(condition, std::chrono::seconds(30), std::chrono::milliseconds(50));
}

}  // namespace yunzi::e2e
