// Two nodes on a PostgreSQL primary with a synchronous streaming replica,
// reached through libpq's multi-host connection string: the primary is
// killed and the replica promoted between two moves. Runs only beside such
// a pair (tests/support/with-postgres --replica; tagged hidden, started by
// yunzi_server_tests_failover).
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdlib>
#include <thread>

#include "tests/e2e/server/cluster_fixture.hpp"
#include "tests/e2e/server/game_helpers.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

// The default lease: the switch takes a second or two, well inside it, so no game changes hands.
constexpr int default_lease_s = 15;

bool ready_for_writes(const ServerProcess& node) { return health_of(node, "/readyz") == 200; }

}  // namespace

TEST_CASE(
    "cluster: the PostgreSQL primary dies and its synchronous replica takes over; every acknowledged move is there "
    "and play goes on on both nodes",
    "[server][.failover]") {
  const char* failover = std::getenv("YUNZI_TEST_POSTGRES_FAILOVER");
  REQUIRE(failover);
  Cluster cluster(2, default_lease_s);
  Player alice(cluster.node(1).port(), "alice");
  Player bob(cluster.node(1).port(), "bob");
  const std::int64_t first = seated_game(alice, bob);
  Player carol(cluster.node(2).port(), "carol");
  Player dave(cluster.node(2).port(), "dave");
  const std::int64_t second = seated_game(carol, dave);
  play_moves(alice, bob, first, {"E5", "C3"}, {&alice, &bob});
  play_moves(carol, dave, second, {"E5"}, {&carol, &dave});
  REQUIRE(ready_for_writes(cluster.node(1)));
  REQUIRE(ready_for_writes(cluster.node(2)));

  // Carol and Dave go on playing, a move every 40 ms, while the primary dies: a move refused while no server takes
  // writes is refused as `unavailable` with a hint, and sent again after it.
  std::vector<std::string> line;
  for (const char* row : {"1", "2", "3", "4", "5", "6", "7", "8", "9"}) {
    line.push_back(std::string("J") + row);
    line.push_back(std::string("A") + row);
  }
  std::size_t acknowledged = 0;
  std::vector<Json> refusals;
  bool outcome_unknown = false;  // a COMMIT cut off by the kill: it may or may not have been stored
  std::thread mover([&] {
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (acknowledged < line.size() && std::chrono::steady_clock::now() < give_up) {
      Player& player = acknowledged % 2 == 0 ? dave : carol;
      const Json reply = player.call({{"type", "game.move"}, {"game", second}, {"vertex", line[acknowledged]}});
      if (reply["type"] == "ok") {
        ++acknowledged;
      } else {
        refusals.push_back(reply);
        if (reply["code"] != "unavailable") {
          outcome_unknown = true;
          return;
        }
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(40));
    }
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(150));
  const int failed_over = std::system(failover);
  mover.join();
  REQUIRE(failed_over == 0);
  // Acknowledged means on the replica's disk too: the promoted replica has every move.
  CHECK(cluster.stored_moves(first) == 2);
  for (std::size_t i = 0; i < refusals.size(); ++i) {
    INFO(refusals[i].dump());
    if (i + 1 == refusals.size() && outcome_unknown) {
      CHECK(refusals[i]["code"] == "internal");
    } else {
      CHECK(refusals[i]["code"] == "unavailable");
      CHECK(refusals[i]["retry_after_ms"] == 1000);
    }
  }
  // Both players saw each acknowledged move once, in order, with no gap in the game's numbering.
  for (Player* player : {&carol, &dave}) {
    for (std::size_t i = 0; i < acknowledged; ++i)
      CHECK(player->wait_game_event(second, "game.move")["vertex"] == line[i]);
    CHECK(player->seq_errors().empty());
  }
  if (outcome_unknown) {
    // The one move whose COMMIT the kill cut off may be there or not; the rest are, every one.
    const std::size_t stored = cluster.stored_moves(second);
    CHECK((stored == 1 + acknowledged || stored == 2 + acknowledged));
  } else {
    CHECK(acknowledged == line.size());
    CHECK(cluster.stored_moves(second) == 1 + line.size());
  }

  // Each node finds the new primary on its own (its next statement connects again, to whichever host takes
  // writes) and is ready again.
  REQUIRE(eventually([&] { return ready_for_writes(cluster.node(1)) && ready_for_writes(cluster.node(2)); }));
  play_moves(alice, bob, first, {"G7", "C7"}, {&alice, &bob}, 3);
  CHECK(cluster.stored_moves(first) == 4);
  if (!outcome_unknown) {
    play_moves(carol, dave, second, {"C3", "G7"}, {&carol, &dave}, 20, "white");
    CHECK(cluster.stored_moves(second) == 21);
  }
  // Nobody took a game over: the owners kept their leases through the switch.
  CHECK(cluster.owner_of(first)->fence == db::GameFence{"n1", 1});
  CHECK(cluster.owner_of(second)->fence == db::GameFence{"n2", 1});

  // A node started after the switch reads the games back from the new primary.
  cluster.node(1).kill();
  REQUIRE(cluster.node(1).start());
  CHECK(join_on(alice, cluster.node(1), first, default_lease_s)["moves"] == Json::array({"E5", "C3", "G7", "C7"}));
}
