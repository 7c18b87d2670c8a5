// Several yunzi-server nodes on one PostgreSQL database (--node): each live
// game belongs to one node under a lease; when that node dies, or is paused
// past its lease, another takes the game over from the database, and the
// node that lost it can no longer write to it. Runs only beside a PostgreSQL
// server of its own (tagged hidden, started by yunzi_server_tests_postgresql).
#include <catch2/catch.hpp>
#include <csignal>
#include <cstdlib>
#include <thread>

#include "tests/e2e/server/cluster_fixture.hpp"
#include "tests/e2e/server/game_helpers.hpp"

using namespace yunzi;
using namespace yunzi::e2e;
using namespace std::chrono_literals;

namespace {

constexpr int lease_s = 3;

Json byoyomi_10min() {
  return friendly_settings({{"system", "byoyomi"}, {"main_s", 600}, {"periods", 3}, {"period_s", 30}});
}

}  // namespace

TEST_CASE(
    "cluster: the node running a game is killed; another takes it over with every acknowledged move and the "
    "outage not charged to the clocks",
    "[server][cluster][.postgresql]") {
  Cluster cluster(2, lease_s);
  Player alice(cluster.node(1).port(), "alice");
  Player bob(cluster.node(1).port(), "bob");
  const std::int64_t game = seated_game(alice, bob, byoyomi_10min());
  CHECK(cluster.owner_of(game)->fence.node == "n1");
  play_moves(alice, bob, game, {"E5", "C3", "G7"}, {&alice, &bob});
  const Json before = alice.watch(game)["state"];
  const std::int64_t white_before = before["clock"]["white"]["main_ms"];

  cluster.node(1).kill();
  const Json state = join_on(bob, cluster.node(2), game, lease_s);
  CHECK(state["moves"] == Json::array({"E5", "C3", "G7"}));
  CHECK(state["to_move"] == "white");
  // The outage lasted at least a lease; the clock of the side to move lost
  // no more than the few moments around it.
  const std::int64_t white_after = state["clock"]["white"]["main_ms"];
  CHECK(white_after > white_before - 1'500);
  const auto owner = cluster.owner_of(game);
  REQUIRE(owner);
  CHECK(owner->fence == db::GameFence{"n2", 2});

  const std::string figures = metrics_of(cluster.node(2));
  CHECK_THAT(figures, Catch::Contains("yunzi_games_taken_over_total 1\n"));
  CHECK_THAT(figures, Catch::Contains("yunzi_cluster_lease_claims_total 1\n"));
  CHECK_THAT(figures, Catch::Contains("yunzi_cluster_lease_failing 0\n"));

  join_on(alice, cluster.node(2), game, lease_s);
  play_moves(alice, bob, game, {"C7", "G3", "pass", "pass"}, {&alice, &bob}, 4, "white");
  CHECK(cluster.stored_moves(game) == 7);
  CHECK(stopped(cluster.node(2)) == 0);
}

TEST_CASE("cluster: an owner paused past its lease cannot write to the game another node took",
          "[server][cluster][.postgresql]") {
  Cluster cluster(2, lease_s);
  Player alice(cluster.node(1).port(), "alice");
  Player bob(cluster.node(1).port(), "bob");
  const std::int64_t game = seated_game(alice, bob);
  play_moves(alice, bob, game, {"E5"}, {&alice, &bob});

  cluster.node(1).send_signal(SIGSTOP);
  Player alice_elsewhere(cluster.node(2).port(), "alice");
  alice_elsewhere.login();
  Player bob_elsewhere(cluster.node(2).port(), "bob");
  bob_elsewhere.login();
  join_on(bob_elsewhere, cluster.node(2), game, lease_s);
  join_on(alice_elsewhere, cluster.node(2), game, lease_s);
  CHECK(cluster.owner_of(game)->fence.node == "n2");
  play_moves(alice_elsewhere, bob_elsewhere, game, {"C3"}, {&alice_elsewhere, &bob_elsewhere}, 2, "white");

  // n1 wakes up believing white is still to move: the move it is sent is
  // fenced off (answered conflict), or finds the game already retired by
  // n1's first lease round; either way n1 lets go of the game and sends its
  // clients to connect again, and nothing it does reaches the database.
  cluster.node(1).send_signal(SIGCONT);
  bob.send({{"type", "game.move"}, {"game", game}, {"vertex", "G7"}});
  auto closed = bob.ws().wait_closed(20s);
  REQUIRE(closed);
  CHECK(closed->code == 1012);
  CHECK(cluster.stored_moves(game) == 2);
  CHECK(alice_elsewhere.watch(game)["state"]["moves"] == Json::array({"E5", "C3"}));
  play_moves(alice_elsewhere, bob_elsewhere, game, {"G7"}, {&alice_elsewhere, &bob_elsewhere}, 3);
  CHECK(cluster.stored_moves(game) == 3);
  CHECK_THAT(metrics_of(cluster.node(1)), Catch::Contains("yunzi_games_lost_total 1\n"));
}

TEST_CASE(
    "cluster: a node stopped cleanly gives its leases up, a node restarted under its name runs its games again "
    "at once, and neither a second process of a name nor a single node runs beside the cluster",
    "[server][cluster][.postgresql]") {
  // Leases of ten minutes: nothing here may wait for one to run out.
  Cluster cluster(2, 600);
  Player alice(cluster.node(1).port(), "alice");
  Player bob(cluster.node(1).port(), "bob");
  const std::int64_t game = seated_game(alice, bob);
  play_moves(alice, bob, game, {"E5"}, {&alice, &bob});

  for (const std::vector<std::string>& args : {std::vector<std::string>{"--node", "n1"}, std::vector<std::string>{}}) {
    ServerOptions intruder;
    intruder.database = cluster.database;
    intruder.extra_args = args;
    ServerProcess refused(cluster.dir.path() / ("intruder" + std::to_string(args.size())), intruder);
    auto start = refused.start();
    REQUIRE_FALSE(start);
    CHECK_THAT(start.error(), Catch::Contains("exit code 3"));
  }

  // Killed and started again: n1 claims its game back with a new epoch.
  cluster.node(1).kill();
  REQUIRE(cluster.node(1).start());
  CHECK(join_on(alice, cluster.node(1), game, 1)["moves"] == Json::array({"E5"}));
  CHECK(cluster.owner_of(game)->fence == db::GameFence{"n1", 2});
  join_on(bob, cluster.node(1), game, 1);
  play_moves(alice, bob, game, {"C3"}, {&alice, &bob}, 2, "white");

  REQUIRE(stopped(cluster.node(1)) == 0);
  const auto owner = cluster.owner_of(game);
  REQUIRE(owner);
  CHECK(owner->fence.node == "n1");
  CHECK(owner->lease_until_ms == 0);
  CHECK(cluster.stored_moves(game) == 2);
}

TEST_CASE(
    "cluster: a node whose PostgreSQL goes away is not ready (503), stays alive, and keeps its game when it "
    "comes back",
    "[server][cluster][.postgresql]") {
  const char* ctl = std::getenv("YUNZI_TEST_POSTGRES_CTL");
  REQUIRE(ctl);
  Cluster cluster(1, lease_s);
  Player alice(cluster.node(1).port(), "alice");
  Player bob(cluster.node(1).port(), "bob");
  const std::int64_t game = seated_game(alice, bob);
  play_moves(alice, bob, game, {"E5"}, {&alice, &bob});

  REQUIRE(std::system((std::string(ctl) + " stop").c_str()) == 0);
  REQUIRE(eventually([&] { return health_of(cluster.node(1)) == 503; }));
  CHECK(eventually([&] { return health_of(cluster.node(1), "/readyz") == 503; }));
  CHECK(health_of(cluster.node(1), "/livez") == 200);
  // Down for more than a lease: the lease ran out, but nobody took the game.
  std::this_thread::sleep_for(std::chrono::seconds(lease_s + 1));
  REQUIRE(std::system((std::string(ctl) + " start").c_str()) == 0);
  REQUIRE(eventually([&] { return health_of(cluster.node(1)) == 200; }));
  CHECK(health_of(cluster.node(1), "/readyz") == 200);
  CHECK(cluster.owner_of(game)->fence == db::GameFence{"n1", 1});
  play_moves(alice, bob, game, {"C3"}, {&alice, &bob}, 2, "white");
  CHECK(cluster.stored_moves(game) == 2);
}

TEST_CASE("cluster: of two nodes left when the owner dies, exactly one takes the game, for good",
          "[server][cluster][.postgresql]") {
  Cluster cluster(3, lease_s);
  Player alice(cluster.node(1).port(), "alice");
  Player bob(cluster.node(1).port(), "bob");
  const std::int64_t game = seated_game(alice, bob);
  play_moves(alice, bob, game, {"E5"}, {&alice, &bob});

  cluster.node(1).kill();
  REQUIRE(eventually([&] { return cluster.owner_of(game)->fence.node != "n1"; }));
  const db::GameFence taken = cluster.owner_of(game)->fence;
  CHECK(taken.epoch == 2);
  ServerProcess& owner = cluster.node(taken.node == "n2" ? 2 : 3);
  ServerProcess& other = cluster.node(taken.node == "n2" ? 3 : 2);
  // Two more leases: the survivors' rounds leave the game where it is.
  std::this_thread::sleep_for(std::chrono::seconds(2 * lease_s));
  CHECK(cluster.owner_of(game)->fence == taken);
  CHECK_THAT(metrics_of(owner), Catch::Contains("yunzi_games_taken_over_total 1\n"));
  CHECK_THAT(metrics_of(other), Catch::Contains("yunzi_games_taken_over_total 0\n"));
  CHECK(join_on(alice, owner, game, lease_s)["moves"] == Json::array({"E5"}));
  // The other node does not run it: it says so rather than serve a copy.
  bob.set_port(other.port());
  bob.connect();
  bob.resume();
  CHECK(bob.call({{"type", "game.watch"}, {"game", game}})["code"] == "not_found");
}
