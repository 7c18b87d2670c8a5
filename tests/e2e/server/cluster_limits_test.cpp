// The accounts' limits across the nodes of a cluster over a real
// nats-server: wrong passwords, sign-ups, one user's connections and the
// challenges they send, spread over the nodes, meet the limits of one node. Runs beside a PostgreSQL
// server of its own (tagged hidden, started by yunzi_server_tests_cluster_1 and _2).
#include <catch2/catch.hpp>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "tests/e2e/server/cluster_fixture.hpp"
#include "tests/e2e/server/game_helpers.hpp"
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

TEST_CASE("cluster over NATS: one user's connections on every node count against one cap",
          "[server][cluster][.postgresql]") {
  test_support::NatsServer nats;
  start_nats(nats);
  Cluster cluster(3, 3, {"--nats", nats.url(), "--connections-per-user", "3"});
  Player first(cluster.node(1).port(), "popular");
  first.register_account();
  Player second(cluster.node(2).port(), "popular");
  Player third(cluster.node(3).port(), "popular");
  CHECK(second.login()["type"] == "ok");
  CHECK(third.login()["type"] == "ok");
  settle();
  // Three places taken, one on each node: a fourth is refused on every node.
  for (int n : {1, 2, 3}) {
    Player more(cluster.node(n).port(), "popular");
    const Json refused = more.call({{"type", "login"}, {"name", "popular"}, {"password", first.password()}});
    CHECK(refused["code"] == "limit_reached");
  }
  // A place given back on n3 can be taken on n1.
  third.drop();
  settle();
  Player again(cluster.node(1).port(), "popular");
  CHECK(again.login()["type"] == "ok");
}

TEST_CASE("cluster over NATS: the challenges one user sends from several nodes count against one cap",
          "[server][cluster][.postgresql]") {
  test_support::NatsServer nats;
  start_nats(nats);
  Cluster cluster(3, 3, {"--nats", nats.url(), "--challenges-per-user", "2"});
  Player eager(cluster.node(1).port(), "eager");
  eager.register_account();
  Player eager_on_n2(cluster.node(2).port(), "eager");
  CHECK(eager_on_n2.login()["type"] == "ok");
  std::vector<Player> targets;
  for (int i = 0; i < 3; ++i) {
    targets.emplace_back(cluster.node(3).port(), "target" + std::to_string(i));
    targets.back().register_account();
  }
  settle();
  auto challenge = [](Player& from, const std::string& to) {
    return from.call({{"type", "challenge"}, {"to", to}, {"settings", friendly_settings()}});
  };
  CHECK(challenge(eager, "target0")["type"] == "ok");
  const Json second = challenge(eager_on_n2, "target1");
  REQUIRE(second["type"] == "ok");
  settle();
  // Two pending, one sent from each node: a third is refused on both.
  for (Player* from : {&eager, &eager_on_n2}) CHECK(challenge(*from, "target2")["code"] == "limit_reached");
  // Declined on n3, the one sent from n2 gives its place back, on n1 too.
  targets[1].ok({{"type", "challenge.decline"}, {"challenge", second["challenge"]["id"]}});
  settle();
  CHECK(challenge(eager, "target2")["type"] == "ok");
}

TEST_CASE("cluster over NATS: one user's lobby chat and private messages from several nodes meet one quota",
          "[server][cluster][.postgresql]") {
  test_support::NatsServer nats;
  start_nats(nats);
  Cluster cluster(2, 3, {"--nats", nats.url(), "--lobby-chat-per-minute", "4", "--messages-per-minute", "3"});
  Player bob(cluster.node(1).port(), "bob");
  bob.register_account();
  Player alice_n1(cluster.node(1).port(), "alice");
  alice_n1.register_account();
  Player alice_n2(cluster.node(2).port(), "alice");
  alice_n2.login();
  both_heard(cluster);

  for (int i = 0; i < 4; ++i) {
    Player& alice = i % 2 == 0 ? alice_n1 : alice_n2;
    alice.ok({{"type", "lobby.chat"}, {"text", "line " + std::to_string(i)}});
  }
  for (int i = 0; i < 3; ++i) {
    Player& alice = i % 2 == 0 ? alice_n2 : alice_n1;
    alice.ok({{"type", "message.send"}, {"to", "bob"}, {"text", "note " + std::to_string(i)}});
  }
  settle();
  // Each node let only some through, and counts all of them against the next.
  for (Player* alice : {&alice_n1, &alice_n2}) {
    INFO((alice == &alice_n1 ? "on n1" : "on n2"));
    CHECK(alice->fails({{"type", "lobby.chat"}, {"text", "one more"}})["code"] == "rate_limited");
    CHECK(alice->fails({{"type", "message.send"}, {"to", "bob"}, {"text", "one more"}})["code"] == "rate_limited");
  }
  // Another user has quotas of their own.
  bob.ok({{"type", "lobby.chat"}, {"text", "my turn"}});
}
