// The accounts' limits across the nodes of a cluster over a real
// nats-server: wrong passwords and sign-ups spread over the nodes meet the
// limits of one node. Runs beside a PostgreSQL server of its own (tagged
// hidden, started by yunzi_server_tests_postgresql).
#include <catch2/catch.hpp>
#include <chrono>
#include <thread>

#include "tests/e2e/server/cluster_fixture.hpp"
#include "tests/support/nats_server.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

Json login_as(Player& guesser, const std::string& name, const std::string& password) {
  return guesser.call({{"type", "login"}, {"name", name}, {"password", password}});
}

// Each node tells the others of an attempt as it reserves it, well before
// its answer; this leaves the last one ample time to arrive.
void settle() { std::this_thread::sleep_for(std::chrono::milliseconds(300)); }

void both_heard(Cluster& cluster) {
  REQUIRE(eventually([&] {
    for (int n : {1, 2}) {
      if (metrics_of(cluster.node(n)).find("yunzi_cluster_nodes_seen 1\n") == std::string::npos) return false;
    }
    return true;
  }));
}

}  // namespace

TEST_CASE("cluster over NATS: guesses at a password spread over the nodes are throttled as on one node",
          "[server][cluster][.postgresql]") {
  test_support::NatsServer nats;
  auto up = nats.start();
  if (!up) FAIL("nats-server did not start: " << up.error());
  Cluster cluster(2, 3, {"--nats", nats.url()});
  Player alice(cluster.node(1).port(), "alice");
  alice.register_account();
  Player on_n1(cluster.node(1).port(), "guesser");
  Player on_n2(cluster.node(2).port(), "guesser");
  both_heard(cluster);

  // Five wrong passwords per name and address, whichever nodes they go to.
  for (int i = 0; i < 5; ++i) {
    Player& guesser = i % 2 == 0 ? on_n1 : on_n2;
    CHECK(login_as(guesser, "alice", "wrong-guess-" + std::to_string(i))["code"] == "bad_credentials");
  }
  settle();
  // Each node saw only some of them, and holds all five against the next.
  for (Player* guesser : {&on_n1, &on_n2}) {
    CHECK(login_as(*guesser, "alice", "one-more-guess")["code"] == "rate_limited");
    CHECK(login_as(*guesser, "alice", alice.password())["code"] == "rate_limited");
  }
  // Another name from the same address is not held back.
  Player bob(cluster.node(2).port(), "bob");
  bob.register_account();
  Player bob_again(cluster.node(1).port(), "bob");
  CHECK(bob_again.login()["type"] == "ok");
}

TEST_CASE("cluster over NATS: sign-ups from one address spread over the nodes meet one cap",
          "[server][cluster][.postgresql]") {
  test_support::NatsServer nats;
  auto up = nats.start();
  if (!up) FAIL("nats-server did not start: " << up.error());
  Cluster cluster(2, 3, {"--nats", nats.url(), "--signups-per-address-hour", "4"});
  both_heard(cluster);
  // Four an hour from one address, whichever nodes they go to.
  for (int i = 0; i < 4; ++i) {
    Player player(cluster.node(i % 2 + 1).port(), "player" + std::to_string(i));
    player.register_account();
  }
  settle();
  for (int n : {1, 2}) {
    Player late(cluster.node(n).port(), "late" + std::to_string(n));
    CHECK(late.call(
              {{"type", "register"}, {"name", late.name()}, {"password", late.password()}, {"rank", "5k"}})["code"] ==
          "rate_limited");
  }
}
