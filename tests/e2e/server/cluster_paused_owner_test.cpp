// The node running a game is paused (SIGSTOP) until another node takes the
// game over; meanwhile a watch asked of it is refused as unavailable. Awake
// again it finds the game gone: its own connections in the game keep their
// connections and follow it where it went, over the bus, with every
// acknowledged move kept. Runs beside a PostgreSQL server of its
// own (tagged hidden, started by yunzi_server_tests_cluster_*).
#include <catch2/catch.hpp>

#include <csignal>

#include "tests/e2e/server/cluster_fixture.hpp"
#include "tests/e2e/server/game_helpers.hpp"
#include "tests/support/nats_server.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

TEST_CASE(
    "cluster over NATS: a node paused until its game is taken over lets go of it once awake; its connections in "
    "the game keep them and play on where it went",
    "[server][cluster][.postgresql]") {
  test_support::NatsServer nats;
  start_nats(nats);
  // Leases longer than the pause: only the heartbeats move the game.
  Cluster cluster(2, 30, {"--nats", nats.url()});
  Player alice(cluster.node(1).port(), "alice");
  Player bob(cluster.node(1).port(), "bob");
  const std::int64_t game = seated_game(alice, bob);
  Player erin(cluster.node(1).port(), "erin");
  erin.register_account();
  erin.watch(game);
  join_on(alice, cluster.node(2), game, cluster.lease_s);
  play_moves(alice, bob, game, {"E5"}, {&alice, &bob, &erin});
  REQUIRE(eventually(
      [&] { return metrics_of(cluster.node(2)).find("yunzi_cluster_nodes_seen 1\n") != std::string::npos; }));

  cluster.node(1).send_signal(SIGSTOP);
  // Asked of the stalled node, a watch gets no answer: refused as unavailable, to be asked again.
  Player carol(cluster.node(2).port(), "carol");
  carol.register_account();
  const Json stalled = carol.call({{"type", "game.watch"}, {"game", game}});
  CHECK(stalled["code"] == "unavailable");
  CHECK(stalled["retry_after_ms"] == 1000);
  REQUIRE(eventually([&] {
    const auto owner = cluster.owner_of(game);
    return owner && owner->fence.node == "n2";
  }));
  // alice's connection on n2 follows the room there now.
  CHECK(alice.wait_game_event(game, "game.start", std::chrono::seconds(30))["moves"] == Json::array({"E5"}));
  cluster.node(1).send_signal(SIGCONT);

  // n1 finds at its next lease round that the game is n2's: bob and erin, on n1, are sent it from n2.
  for (Player* player : {&bob, &erin}) {
    INFO(player->name());
    const Json restated = player->wait_game_event(game, "game.start", std::chrono::seconds(30));
    CHECK(restated["moves"] == Json::array({"E5"}));
    CHECK(player->ws().is_open());
  }
  CHECK(erin.wait_event("game.spectators", [](const Json& e) { return e["spectator_names"] == Json::array({"erin"}); })
            .is_object());
  // Asked again, carol's watch is answered by n2.
  CHECK(carol.watch(game)["state"]["moves"] == Json::array({"E5"}));
  // bob's move, asked of n1, is played on n2.
  play_moves(alice, bob, game, {"C3"}, {&alice, &bob, &erin, &carol}, 2, "white");
  CHECK(cluster.stored_moves(game) == 2);
  for (Player* player : {&alice, &bob, &erin, &carol}) {
    INFO(player->name());
    CHECK(player->seq_errors() == std::vector<std::string>{});
    CHECK(player->ws().is_open());
  }
}
