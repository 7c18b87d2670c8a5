// Players on different nodes of a cluster over a real nats-server: a game
// runs on one node, a player connected to another plays it through that
// node (requests to the running node, events back, presence counted over
// every node), and a spectator on a third node sees it all. Runs beside a
// PostgreSQL server of its own (tagged hidden, started by
// yunzi_server_tests_postgresql).
#include <catch2/catch.hpp>
#include <csignal>

#include "tests/e2e/server/cluster_fixture.hpp"
#include "tests/e2e/server/game_helpers.hpp"
#include "tests/support/nats_server.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

// The player's connection now goes to `node`, where `game` runs elsewhere:
// the resume lists it, and the player is back in it there.
void moved_to(Player& player, ServerProcess& node, std::int64_t game) {
  player.set_port(node.port());
  player.connect();
  const Json resumed = player.resume();
  CHECK(resumed["games"] == Json::array({game}));
}

}  // namespace

TEST_CASE(
    "cluster over NATS: players on two nodes play a game to its count, a spectator on a third sees every move "
    "and the end",
    "[server][cluster][.postgresql]") {
  test_support::NatsServer nats;
  start_nats(nats);
  Cluster cluster(3, 3, {"--nats", nats.url()});
  Player alice(cluster.node(1).port(), "alice");
  Player bob(cluster.node(1).port(), "bob");
  const std::int64_t game = seated_game(alice, bob);
  moved_to(bob, cluster.node(2), game);
  CHECK(bob.watch(game)["state"]["white"]["name"] == "bob");
  Player carol(cluster.node(3).port(), "carol");
  carol.register_account();
  carol.watch(game);

  // Answers come back through the player's node, errors included.
  CHECK(bob.fails({{"type", "game.move"}, {"game", game}, {"vertex", "E5"}})["code"] == "not_your_turn");
  CHECK(bob.fails({{"type", "game.move"}, {"game", game + 100}, {"vertex", "E5"}})["code"] == "not_found");
  bob.ok({{"type", "game.chat"}, {"game", game}, {"text", "have a good game"}});
  CHECK(alice.wait_game_event(game, "game.chat")["text"] == "have a good game");

  const CountedRecord& record = counted_record();
  play_moves(alice, bob, game, record.moves, {&alice, &bob, &carol});
  for (Player* p : {&alice, &bob, &carol}) p->wait_game_event(game, "game.scoring");
  alice.ok({{"type", "game.dead"}, {"game", game}, {"vertex", record.dead_white_stone}, {"dead", true}});
  bob.ok({{"type", "game.dead"}, {"game", game}, {"vertex", record.dead_black_stone}, {"dead", true}});
  Json marking;
  for (Player* p : {&alice, &bob, &carol}) {
    marking = p->wait_event("game.scoring", [](const Json& e) { return e["dead"].size() == 2; });
  }
  for (Player* p : {&alice, &bob}) {
    p->ok({{"type", "game.score.accept"}, {"game", game}, {"marking_version", marking["marking_version"]}});
  }
  for (Player* p : {&alice, &bob, &carol}) {
    INFO(p->name());
    const Json end = p->wait_game_event(game, "game.end");
    CHECK(end["result"] == "B+1.5");
    CHECK(end["reason"] == "count");
    CHECK(p->seq_errors() == std::vector<std::string>{});
  }
  CHECK(cluster.stored_moves(game) == record.moves.size());
  // Every node tells the same story of the ended game.
  for (int n : {1, 2, 3}) {
    Player reader(cluster.node(n).port(), "reader");
    CHECK(reader.watch(game)["state"]["result"] == "B+1.5");
  }
}

TEST_CASE(
    "cluster over NATS: a player is away only when gone from every node, and back through any; a node that dies "
    "takes its players' presence with it",
    "[server][cluster][.postgresql]") {
  test_support::NatsServer nats;
  start_nats(nats);
  Cluster cluster(3, 3, {"--nats", nats.url()});
  Player alice(cluster.node(1).port(), "alice");
  Player bob(cluster.node(1).port(), "bob");
  const std::int64_t game = seated_game(alice, bob);
  play_moves(alice, bob, game, {"E5"}, {&alice, &bob});
  bob.drop();
  CHECK(alice.wait_game_event(game, "game.opponent_gone")["color"] == "white");
  moved_to(bob, cluster.node(2), game);
  CHECK(alice.wait_game_event(game, "game.opponent_back")["color"] == "white");

  // Signed in on n1 as well: leaving n2 leaves him in the game.
  Player bob_on_n1(cluster.node(1).port(), "bob");
  bob_on_n1.login();
  bob.drop();
  CHECK(alice.no_event("game.opponent_gone", std::chrono::milliseconds(1500)));
  bob_on_n1.drop();
  CHECK(alice.wait_game_event(game, "game.opponent_gone")["color"] == "white");

  // Back through n2, he plays on from there.
  moved_to(bob, cluster.node(2), game);
  CHECK(alice.wait_game_event(game, "game.opponent_back")["color"] == "white");
  play_moves(alice, bob, game, {"C3"}, {&alice, &bob}, 2, "white");

  // n2 dies with Bob on it: n1 hears no more of n2, and Bob is away.
  cluster.node(2).kill();
  CHECK(alice.wait_game_event(game, "game.opponent_gone", std::chrono::seconds(20))["color"] == "white");
  moved_to(bob, cluster.node(3), game);
  CHECK(alice.wait_game_event(game, "game.opponent_back")["color"] == "white");
  play_moves(alice, bob, game, {"G7", "C7"}, {&alice, &bob}, 3);
  CHECK(cluster.stored_moves(game) == 4);
}

TEST_CASE(
    "cluster over NATS: an admin on one node reaches a player on another: a rank set there, a ban that kicks "
    "them there and forfeits their game where it runs",
    "[server][cluster][.postgresql]") {
  test_support::NatsServer nats;
  start_nats(nats);
  Cluster cluster(3, 3, {"--nats", nats.url()});
  Player alice(cluster.node(1).port(), "alice");
  Player bob(cluster.node(1).port(), "bob");
  const std::int64_t game = seated_game(alice, bob);
  moved_to(bob, cluster.node(2), game);
  Player ops(cluster.node(3).port(), "ops");
  ops.register_account();
  cluster.make_admin("ops");

  ops.ok({{"type", "admin.set_rank"}, {"user", "bob"}, {"rank", "3k"}, {"reason", "strength shown"}});
  const Json changed = bob.wait_event("rank.change");
  CHECK(changed["to"] == "3k");
  CHECK(changed["reason"] == "admin");

  ops.ok({{"type", "admin.ban"}, {"user", "bob"}, {"reason", "abuse"}});
  CHECK(bob.wait_event("kicked")["reason"] == "abuse");
  auto closed = bob.ws().wait_closed(std::chrono::seconds(10));
  REQUIRE(closed);
  CHECK(closed->code == 1008);
  const Json end = alice.wait_game_event(game, "game.end");
  CHECK(end["result"] == "B+F");
  bob.connect();
  CHECK(bob.fails({{"type", "resume"}, {"token", bob.token()}})["code"] == "banned");
}

namespace {

// A counter's value in a node's /metrics text.
double counter_of(const std::string& metrics, const std::string& name) {
  const auto at = metrics.find("\n" + name + " ");
  REQUIRE(at != std::string::npos);
  return std::stod(metrics.substr(at + name.size() + 2));
}

}  // namespace

TEST_CASE(
    "cluster over NATS: the running node sends a frame once for all the watchers on another node, and each of "
    "them sees every move in order",
    "[server][cluster][.postgresql]") {
  test_support::NatsServer nats;
  start_nats(nats);
  Cluster cluster(2, 3, {"--nats", nats.url()});
  Player alice(cluster.node(1).port(), "alice");
  Player bob(cluster.node(1).port(), "bob");
  const std::int64_t game = seated_game(alice, bob);
  moved_to(bob, cluster.node(2), game);
  bob.watch(game);  // what he missed while he moved
  std::vector<std::unique_ptr<Player>> watchers;
  std::vector<Player*> everyone{&alice, &bob};
  for (int i = 0; i < 6; ++i) {
    watchers.push_back(std::make_unique<Player>(cluster.node(2).port(), "watcher" + std::to_string(i)));
    if (i % 2 == 0) watchers.back()->register_account();  // the others watch without an account
    watchers.back()->watch(game);
    everyone.push_back(watchers.back().get());
  }
  const std::string before = metrics_of(cluster.node(1));

  const std::vector<std::string> moves{"E5", "C3", "G7", "C7", "G3", "E3", "E7", "D4"};
  play_moves(alice, bob, game, moves, everyone);
  // One watcher looks away and another loses its connection; the rest go on hearing the game.
  watchers[1]->ok({{"type", "game.unwatch"}, {"game", game}});
  watchers[2]->drop();
  std::vector<Player*> still{&alice, &bob, watchers[0].get(), watchers[3].get(), watchers[4].get(), watchers[5].get()};
  play_moves(alice, bob, game, {"F4", "F6"}, still, static_cast<int>(moves.size()) + 1);
  CHECK(watchers[1]->no_event("game.move", std::chrono::milliseconds(300)));
  for (Player* p : still) {
    INFO(p->name());
    CHECK(p->seq_errors() == std::vector<std::string>{});
  }

  // Bob and the six watchers on n2 heard each move: a frame for all of them
  // at once went in one bus message, not in one for each.
  const std::string after = metrics_of(cluster.node(1));
  const double messages = counter_of(after, "yunzi_cluster_relay_messages_total") -
                          counter_of(before, "yunzi_cluster_relay_messages_total");
  const double deliveries = counter_of(after, "yunzi_cluster_relay_deliveries_total") -
                            counter_of(before, "yunzi_cluster_relay_deliveries_total");
  CHECK(deliveries >= 7.0 * static_cast<double>(moves.size()));
  CHECK(messages * 4 <= deliveries);
}
