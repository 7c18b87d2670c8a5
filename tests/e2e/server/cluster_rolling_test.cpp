// Upgrading a cluster one node at a time (deploy/README.md): each of three
// nodes is stopped cleanly and started again while two games go on; the
// clients of the node stopped reconnect, as behind a round-robin proxy, to a
// node that is up, and the others keep their connections. No acknowledged move is lost, both games play on through
// every step, and the lobby agrees on every node at the end. Runs beside a PostgreSQL server of its own (tagged hidden,
// started by yunzi_server_tests_postgresql).
#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <vector>

#include "tests/e2e/server/cluster_fixture.hpp"
#include "tests/e2e/server/game_helpers.hpp"
#include "tests/e2e/server/lobby_view.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

constexpr int lease_s = 3;

struct LiveGame {
  std::int64_t id = 0;
  Player* black = nullptr;
  Player* white = nullptr;
  std::vector<std::string> script;  // the moves to play, in turn
  std::size_t played = 0;

  Json moves_so_far() const { return Json(std::vector<std::string>(script.begin(), script.begin() + played)); }
  void play_next() {
    REQUIRE(played < script.size());
    const bool black_moves = played % 2 == 0;
    play_moves(*black, *white, id, {script[played]}, {black, white}, static_cast<int>(played) + 1,
               black_moves ? "black" : "white");
    ++played;
  }
};

}  // namespace

TEST_CASE(
    "cluster over NATS: a rolling restart of all three nodes during two live games loses no move; the games play "
    "on through every step and the lobby agrees at the end",
    "[server][cluster][.postgresql]") {
  test_support::NatsServer nats;
  start_nats(nats);
  Cluster cluster(3, lease_s, {"--nats", nats.url()});
  Player alice(cluster.node(1).port(), "alice");
  Player bob(cluster.node(2).port(), "bob");
  Player carol(cluster.node(2).port(), "carol");
  Player dave(cluster.node(3).port(), "dave");
  for (Player* p : {&alice, &bob, &carol, &dave}) p->register_account();
  std::map<Player*, int> node_of{{&alice, 1}, {&bob, 2}, {&carol, 2}, {&dave, 3}};
  // Each game runs where its challenge was made: n1 and n2.
  LiveGame first{start_game(alice, bob), &alice, &bob, {"E5", "C3", "G7", "C7", "G3", "D5"}};
  LiveGame second{start_game(carol, dave), &carol, &dave, {"D4", "F6", "E3", "F4", "C6", "G5"}};

  for (int restarted : {1, 2, 3}) {
    INFO("node n" << restarted << " restarted");
    for (LiveGame* game : {&first, &second}) game->play_next();
    CHECK(stopped(cluster.node(restarted)) == 0);
    // The clients of the node that went connect again, to the next node; the others keep their connections, and
    // follow a game that moved where it went.
    for (LiveGame* game : {&first, &second}) {
      for (Player* player : {game->black, game->white}) {
        INFO(player->name());
        int& node = node_of[player];
        const bool cut = node == restarted;
        if (cut) node = restarted % 3 + 1;
        const Json state = cut ? join_on(*player, cluster.node(node), game->id, lease_s)
                               : watch_once_running(*player, cluster.node(node), game->id, lease_s);
        CHECK(state["moves"] == game->moves_so_far());
        CHECK(player->ws().is_open());
      }
    }
    for (LiveGame* game : {&first, &second}) game->play_next();
    REQUIRE(cluster.node(restarted).start());
  }

  for (LiveGame* game : {&first, &second}) {
    CHECK(cluster.stored_moves(game->id) == game->script.size());
    const auto owner = cluster.owner_of(game->id);
    REQUIRE(owner);
    CHECK(owner->fence.epoch > 1);
  }
  const LobbyView expected{{"alice:playing", "bob:playing", "carol:playing", "dave:playing"},
                           {},
                           {game_line(first.id, "alice", "bob", 6), game_line(second.id, "carol", "dave", 6)}};
  // The players all ended on n1; alice looks from the two other nodes too.
  Player alice_on_n2(cluster.node(2).port(), "alice");
  Player alice_on_n3(cluster.node(3).port(), "alice");
  for (Player* p : {&alice_on_n2, &alice_on_n3}) p->login();
  CHECK(all_see({&alice, &bob, &carol, &dave, &alice_on_n2, &alice_on_n3}, expected));
}
