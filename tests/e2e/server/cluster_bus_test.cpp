// The nodes of a cluster over a real nats-server: they hear each other's
// heartbeats, a node that loses NATS goes on with its own games and says so
// on /healthz until NATS is back, and a node stopped cleanly tells the
// others it handed its games over, so they claim them at once. Runs beside
// a PostgreSQL server of its own (tagged hidden, started by
// yunzi_server_tests_postgresql).
#include <catch2/catch.hpp>

#include "tests/e2e/server/cluster_fixture.hpp"
#include "tests/e2e/server/game_helpers.hpp"
#include "tests/support/nats_server.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

bool shows(const ServerProcess& node, const std::string& line) {
  return metrics_of(node).find(line + "\n") != std::string::npos;
}

void started(test_support::NatsServer& nats) {
  auto up = nats.start();
  if (!up) FAIL("nats-server did not start: " << up.error());
}

}  // namespace

TEST_CASE("cluster over NATS: nodes hear each other; losing NATS stops no game, /healthz says so until it is back",
          "[server][cluster][.postgresql]") {
  test_support::NatsServer nats;
  started(nats);
  Cluster cluster(2, 3, {"--nats", nats.url()});
  for (int n : {1, 2}) {
    INFO("node n" << n);
    REQUIRE(eventually([&] { return shows(cluster.node(n), "yunzi_cluster_nodes_seen 1"); }));
    CHECK(shows(cluster.node(n), "yunzi_cluster_nats_connected 1"));
  }
  REQUIRE(eventually([&] { return !shows(cluster.node(1), "yunzi_cluster_nats_round_trip_seconds 0"); }));
  CHECK(health_of(cluster.node(1)) == 200);

  Player alice(cluster.node(1).port(), "alice");
  Player bob(cluster.node(1).port(), "bob");
  const std::int64_t game = seated_game(alice, bob);
  play_moves(alice, bob, game, {"E5"}, {&alice, &bob});

  nats.kill();
  REQUIRE(eventually([&] { return health_of(cluster.node(1)) == 503; }));
  CHECK(shows(cluster.node(1), "yunzi_cluster_nats_connected 0"));
  play_moves(alice, bob, game, {"C3", "G7"}, {&alice, &bob}, 2, "white");

  started(nats);
  REQUIRE(eventually([&] { return health_of(cluster.node(1)) == 200; }));
  CHECK(shows(cluster.node(1), "yunzi_cluster_nats_reconnects_total 1"));
  REQUIRE(eventually([&] { return shows(cluster.node(1), "yunzi_cluster_nodes_seen 1"); }));
  play_moves(alice, bob, game, {"C7"}, {&alice, &bob}, 4, "white");
  CHECK(cluster.stored_moves(game) == 4);
}

TEST_CASE("cluster over NATS: a node stopped cleanly tells the others, which claim its games at once",
          "[server][cluster][.postgresql]") {
  test_support::NatsServer nats;
  started(nats);
  // Leases of ten minutes: without the word over NATS, the next lease round would come 200 s later.
  Cluster cluster(2, 600, {"--nats", nats.url()});
  REQUIRE(eventually([&] { return shows(cluster.node(2), "yunzi_cluster_nodes_seen 1"); }));
  Player alice(cluster.node(1).port(), "alice");
  Player bob(cluster.node(1).port(), "bob");
  const std::int64_t game = seated_game(alice, bob);
  play_moves(alice, bob, game, {"E5"}, {&alice, &bob});

  REQUIRE(stopped(cluster.node(1)) == 0);
  const std::string handover = "node n1 handed its games over; claiming now";
  const std::string taken = "game=" + std::to_string(game) + " taken over node=n2";
  REQUIRE(eventually([&] { return cluster.node(2).log_text().find(handover) != std::string::npos; }));
  REQUIRE(eventually([&] { return cluster.node(2).log_text().find(taken) != std::string::npos; }));
  CHECK(join_on(alice, cluster.node(2), game, 1)["moves"] == Json::array({"E5"}));

  // Only a cluster node uses NATS.
  ServerOptions single;
  single.extra_args = {"--nats", nats.url()};
  ServerProcess refused(cluster.dir.path() / "single", single);
  auto start = refused.start();
  REQUIRE_FALSE(start);
  CHECK_THAT(start.error(), Catch::Contains("exit code 2"));
}
