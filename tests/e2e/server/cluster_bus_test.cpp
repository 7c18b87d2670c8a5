// The nodes of a cluster over a real nats-server: they hear each other's
// heartbeats, a node that loses NATS goes on with its own games and says so
// on /healthz (not /readyz) until NATS is back, a dead node's games answer
// `unavailable` until another node has them, and a node stopped cleanly tells the
// others it handed its games over, so they claim them at once. Runs beside
// a PostgreSQL server of its own (tagged hidden, started by
// yunzi_server_tests_postgresql).
#include <catch2/catch.hpp>

#include <algorithm>
#include <csignal>
#include <thread>

#include "tests/e2e/server/cluster_fixture.hpp"
#include "tests/e2e/server/game_helpers.hpp"
#include "tests/e2e/server/lobby_view.hpp"
#include "tests/support/nats_server.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

bool shows(const ServerProcess& node, const std::string& line) {
  return metrics_of(node).find(line + "\n") != std::string::npos;
}

bool logged(const ServerProcess& node, const std::string& line) {
  return node.log_text().find(line) != std::string::npos;
}

// The vertices of the game's moves, as the player heard them, catch-ups included: a game.start states them all.
std::vector<std::string> moves_seen(const Player& player, std::int64_t game) {
  std::vector<std::string> seen;
  for (const Json& event : player.history(game)) {
    if (event["type"] == "game.start") seen = event["moves"].get<std::vector<std::string>>();
    if (event["type"] == "game.move") seen.push_back(event["vertex"]);
  }
  return seen;
}

// `count` nodes over a nats-server started for the test.
Cluster cluster_over(test_support::NatsServer& nats, int count, int lease_s) {
  start_nats(nats);
  return Cluster(count, lease_s, {"--nats", nats.url()});
}

bool lists(Player& observer, const std::string& user_and_status) {
  return lobby_seen_by(observer).users.count(user_and_status) > 0;
}

}  // namespace

TEST_CASE(
    "cluster over NATS: nodes hear each other; losing NATS stops no game, /healthz says so until it is back, "
    "/readyz and /livez do not; a spectator on another node is sent what it missed once NATS is back",
    "[server][cluster][.postgresql]") {
  test_support::NatsServer nats;
  start_nats(nats);
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
  Player carol(cluster.node(2).port(), "carol");
  carol.register_account();
  carol.watch(game);
  play_moves(alice, bob, game, {"E5"}, {&alice, &bob, &carol});

  nats.kill();
  REQUIRE(eventually([&] { return health_of(cluster.node(1)) == 503; }));
  CHECK(shows(cluster.node(1), "yunzi_cluster_nats_connected 0"));
  // Every node lost NATS at once: a balancer that reads /readyz keeps them all.
  for (int n : {1, 2}) {
    INFO("node n" << n);
    CHECK(health_of(cluster.node(n), "/readyz") == 200);
    CHECK(health_of(cluster.node(n), "/livez") == 200);
  }
  play_moves(alice, bob, game, {"C3", "G7"}, {&alice, &bob}, 2, "white");

  start_nats(nats);
  REQUIRE(eventually([&] { return health_of(cluster.node(1)) == 200; }));
  CHECK(shows(cluster.node(1), "yunzi_cluster_nats_reconnects_total 1"));
  REQUIRE(eventually([&] { return shows(cluster.node(1), "yunzi_cluster_nodes_seen 1"); }));
  // carol, on n2, heard nothing while the nodes could not hear each other: back on the bus, n2 has her
  // connection follow the game again, and n1 sends her the game as it stands. (What n1's NATS client held
  // back while cut off may reach her before it, as older events.)
  const Json restated = carol.wait_game_event(game, "game.start", std::chrono::seconds(30));
  CHECK(restated["moves"] == Json::array({"E5", "C3", "G7"}));
  play_moves(alice, bob, game, {"C7"}, {&alice, &bob}, 4, "white");
  carol.wait_event("game.move", [](const Json& e) { return e["vertex"] == "C7"; });
  CHECK(moves_seen(carol, game) == std::vector<std::string>{"E5", "C3", "G7", "C7"});
  CHECK(carol.seq_errors() == std::vector<std::string>{});
  CHECK(carol.ws().is_open());
  CHECK(cluster.stored_moves(game) == 4);
}

TEST_CASE("cluster over NATS: a node stopped cleanly tells the others, which claim its games at once",
          "[server][cluster][.postgresql]") {
  test_support::NatsServer nats;
  start_nats(nats);
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

TEST_CASE("cluster over NATS: a spectator on another node watches a game, move by move, to its end",
          "[server][cluster][.postgresql]") {
  test_support::NatsServer nats;
  start_nats(nats);
  Cluster cluster(2, 3, {"--nats", nats.url()});
  Player alice(cluster.node(1).port(), "alice");
  Player bob(cluster.node(1).port(), "bob");
  const std::int64_t game = seated_game(alice, bob);
  play_moves(alice, bob, game, {"E5"}, {&alice, &bob});

  Player carol(cluster.node(2).port(), "carol");
  carol.register_account();
  Player anonymous(cluster.node(2).port(), "guest");
  const Json state = carol.watch(game)["state"];
  CHECK(state["moves"] == Json::array({"E5"}));
  CHECK(anonymous.watch(game)["state"]["moves"] == Json::array({"E5"}));
  // The spectators on n2 count in the room on n1.
  const Json counted = alice.wait_event(
      "game.spectators", [](const Json& e) { return e["spectators"] == 1 && e["anonymous_spectators"] == 1; });
  CHECK(counted["spectator_names"] == Json::array({"carol"}));

  play_moves(alice, bob, game, {"C3", "G7"}, {&alice, &bob, &carol, &anonymous}, 2, "white");
  CHECK(anonymous.ok({{"type", "game.unwatch"}, {"game", game}})["type"] == "ok");
  play_moves(alice, bob, game, {"C7"}, {&alice, &bob, &carol}, 4, "white");
  CHECK(anonymous.no_event("game.move", std::chrono::milliseconds(500)));

  alice.ok({{"type", "game.resign"}, {"game", game}});
  CHECK(carol.wait_game_event(game, "game.end")["result"] == "W+R");
  CHECK(carol.seq_errors() == std::vector<std::string>{});
  // Ended, the game is read from the database on any node.
  CHECK(anonymous.watch(game)["state"]["phase"] == "ended");
  CHECK(carol.call({{"type", "game.watch"}, {"game", game + 100}})["code"] == "not_found");
}

TEST_CASE(
    "cluster over NATS: the node running a game dies; a spectator on a third node keeps its connection, "
    "follows the game where it went, and misses no move",
    "[server][cluster][.postgresql]") {
  test_support::NatsServer nats;
  start_nats(nats);
  Cluster cluster(3, 3, {"--nats", nats.url()});
  Player alice(cluster.node(1).port(), "alice");
  Player bob(cluster.node(1).port(), "bob");
  const std::int64_t game = seated_game(alice, bob);
  Player carol(cluster.node(3).port(), "carol");
  carol.register_account();
  carol.watch(game);
  play_moves(alice, bob, game, {"E5", "C3"}, {&alice, &bob, &carol});

  // Kept off n3, so that n2 is the one to take the game over.
  cluster.node(3).send_signal(SIGSTOP);
  cluster.node(1).kill();
  REQUIRE(eventually([&] { return cluster.owner_of(game)->fence.node == "n2"; }));
  cluster.node(3).send_signal(SIGCONT);
  // n3 has carol's connection follow the game on n2, which sends her the game as it stands.
  const Json restated = carol.wait_game_event(game, "game.start", std::chrono::seconds(30));
  CHECK(restated["moves"] == Json::array({"E5", "C3"}));
  CHECK(restated["spectator_names"] == Json::array({"carol"}));
  CHECK(carol.ws().is_open());
  join_on(alice, cluster.node(2), game, 3);
  join_on(bob, cluster.node(2), game, 3);
  play_moves(alice, bob, game, {"G7", "C7"}, {&alice, &bob, &carol}, 3);
  CHECK(carol.seq_errors() == std::vector<std::string>{});
  CHECK(moves_seen(carol, game) == std::vector<std::string>{"E5", "C3", "G7", "C7"});
  CHECK(carol.ws().is_open());
}

TEST_CASE(
    "cluster over NATS: a node paused until the others take it for gone is told, once heard again, which of its "
    "connections left their games; they follow them again on the connections they have and miss no move, and its "
    "users are in every lobby again",
    "[server][cluster][.postgresql]") {
  test_support::NatsServer nats;
  start_nats(nats);
  Cluster cluster(2, 3, {"--nats", nats.url()});
  Player alice(cluster.node(1).port(), "alice");
  Player bob(cluster.node(1).port(), "bob");
  const std::int64_t game = seated_game(alice, bob);
  Player erin(cluster.node(1).port(), "erin");
  erin.register_account();
  Player carol(cluster.node(2).port(), "carol");
  carol.register_account();
  Player dave(cluster.node(2).port(), "dave");
  dave.register_account();
  carol.watch(game);
  play_moves(alice, bob, game, {"E5"}, {&alice, &bob, &carol});
  REQUIRE(eventually([&] { return lists(erin, "dave:idle"); }));

  cluster.node(2).send_signal(SIGSTOP);
  REQUIRE(eventually([&] { return logged(cluster.node(1), "gone: 1 of its connections leave their games"); }));
  CHECK(eventually([&] { return !lists(erin, "dave:idle"); }));
  play_moves(alice, bob, game, {"C3"}, {&alice, &bob}, 2, "white");
  cluster.node(2).send_signal(SIGCONT);

  // Nothing told carol's client that n1 no longer sent it the game: n2 has it follow the game again, and n1 sends
  // her the game as it stands, the move she missed included.
  const Json restated = carol.wait_game_event(game, "game.start", std::chrono::seconds(30));
  CHECK(restated["moves"] == Json::array({"E5", "C3"}));
  CHECK(logged(cluster.node(2), "took this node for gone: 1 connections follow their games again"));
  // dave did nothing, and is listed on n1 again.
  REQUIRE(eventually([&] { return lists(erin, "dave:idle"); }));
  CHECK(dave.ws().is_open());

  play_moves(alice, bob, game, {"G7"}, {&alice, &bob, &carol}, 3);
  CHECK(carol.seq_errors() == std::vector<std::string>{});
  CHECK(moves_seen(carol, game) == std::vector<std::string>{"E5", "C3", "G7"});
  CHECK(carol.ws().is_open());
}

TEST_CASE(
    "cluster over NATS: while a dead node's game waits for its new owner, its requests are refused as "
    "unavailable with a retry hint, never as not found; sent again, the move is played",
    "[server][cluster][.postgresql]") {
  test_support::NatsServer nats;
  // The requests below come within a moment of the kill; n2 takes n1 for gone after five silent heartbeats (half
  // a second each), or at the latest when the lease runs out.
  const int lease_s = 6;
  Cluster cluster = cluster_over(nats, 2, lease_s);
  Player carol(cluster.node(2).port(), "carol");
  carol.register_account();
  Player alice(cluster.node(1).port(), "alice");
  Player bob(cluster.node(1).port(), "bob");
  const std::int64_t game = seated_game(alice, bob);
  join_on(bob, cluster.node(2), game, lease_s);
  play_moves(alice, bob, game, {"E5"}, {&alice, &bob});

  cluster.node(1).kill();
  // A moment for nats-server to drop the dead node's subscriptions, so that a request finds no responder at once
  // rather than waiting for its timeout.
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  REQUIRE(cluster.owner_of(game)->fence.node == "n1");
  const Json watched = carol.call({{"type", "game.watch"}, {"game", game}});
  CHECK(watched["code"] == "unavailable");
  CHECK(watched["retry_after_ms"] == 1000);
  const Json move = {{"type", "game.move"}, {"game", game}, {"vertex", "C3"}};
  const Json refused = bob.call(move);
  CHECK(refused["code"] == "unavailable");
  CHECK(refused["retry_after_ms"] == 1000);

  // n2 takes the game over; bob's connection followed it through the bus and now follows the room on n2, where the
  // move is played.
  const Json restated = bob.wait_game_event(game, "game.start", std::chrono::seconds(30));
  CHECK(restated["moves"] == Json::array({"E5"}));
  CHECK(bob.call(move)["type"] == "ok");
  CHECK(bob.wait_game_event(game, "game.move")["vertex"] == "C3");
  CHECK(bob.seq_errors() == std::vector<std::string>{});
  CHECK(cluster.owner_of(game)->fence.node == "n2");
  CHECK(cluster.stored_moves(game) == 2);
  CHECK(carol.watch(game)["state"]["moves"] == Json::array({"E5", "C3"}));
}

TEST_CASE(
    "cluster over NATS: a killed node's games are taken over once its heartbeats stop, long before its leases run "
    "out; their players on the other nodes play on and every acknowledged move is kept",
    "[server][cluster][.postgresql]") {
  test_support::NatsServer nats;
  // Leases far longer than the test may wait: only the heartbeats can bring the games back in time.
  Cluster cluster = cluster_over(nats, 3, 120);
  const int lease_s = cluster.lease_s;
  Player alice(cluster.node(1).port(), "alice");
  Player bob(cluster.node(1).port(), "bob");
  const std::int64_t first = seated_game(alice, bob);
  Player carol(cluster.node(1).port(), "carol");
  Player dave(cluster.node(1).port(), "dave");
  const std::int64_t second = seated_game(carol, dave);
  // Every player on n2 or n3, both games on n1.
  join_on(alice, cluster.node(2), first, lease_s);
  join_on(bob, cluster.node(3), first, lease_s);
  join_on(carol, cluster.node(3), second, lease_s);
  join_on(dave, cluster.node(2), second, lease_s);
  play_moves(alice, bob, first, {"E5", "C3"}, {&alice, &bob});
  play_moves(carol, dave, second, {"D4"}, {&carol, &dave});
  // The survivors have heard n1's heartbeats: a node they never heard of cannot fall silent.
  for (int n : {2, 3}) REQUIRE(eventually([&] { return shows(cluster.node(n), "yunzi_cluster_nodes_seen 2"); }));

  cluster.node(1).kill();
  REQUIRE(eventually([&] {
    const auto a = cluster.owner_of(first);
    const auto b = cluster.owner_of(second);
    return a && b && a->fence.node != "n1" && b->fence.node != "n1";
  }));
  CHECK(cluster.owner_of(first)->fence.epoch == 2);
  CHECK(cluster.owner_of(second)->fence.epoch == 2);
  // Either survivor may be first to miss the heartbeats; the one holding the first game did, and said so.
  CHECK(logged(cluster.node(cluster.owner_of(first)->fence.node == "n2" ? 2 : 3),
               "node n1 fell silent: claiming its games now"));

  // Each player's connection followed a game that moved, and follows it where it went, on the connection it has:
  // the room of its own node, or the other survivor's through the bus.
  const std::pair<Player*, std::int64_t> seats[] = {{&alice, first}, {&bob, first}, {&carol, second}, {&dave, second}};
  for (const auto& [player, game] : seats) {
    INFO(player->name());
    const Json restated = player->wait_game_event(game, "game.start", std::chrono::seconds(30));
    CHECK(restated["moves"].size() == (game == first ? 2u : 1u));
    CHECK(player->ws().is_open());
  }
  // They play on: a request refused meanwhile as unavailable is asked again.
  const auto played = [](Player& player, std::int64_t game, const std::string& vertex) {
    const Json move = {{"type", "game.move"}, {"game", game}, {"vertex", vertex}};
    Json reply = player.call(move);
    for (int tries = 0; reply["type"] == "error" && reply["code"] == "unavailable" && tries < 30; ++tries) {
      std::this_thread::sleep_for(std::chrono::milliseconds(reply.value("retry_after_ms", 1000)));
      reply = player.call(move);
    }
    return reply;
  };
  CHECK(played(alice, first, "G7")["type"] == "ok");
  CHECK(played(dave, second, "F6")["type"] == "ok");
  // Their opponents hear the moves on the connections they kept.
  CHECK(bob.wait_game_event(first, "game.move")["vertex"] == "G7");
  CHECK(carol.wait_game_event(second, "game.move")["vertex"] == "F6");
  for (Player* player : {&alice, &bob, &carol, &dave}) CHECK(player->seq_errors() == std::vector<std::string>{});
  CHECK(cluster.stored_moves(first) == 3);
  CHECK(cluster.stored_moves(second) == 2);
}
