// One lobby over three nodes with NATS: every node shows the same users,
// seeks and games, whichever node each player is connected to; a seek or a
// challenge made on one node is taken from another and the game starts for
// both; a node that dies takes its users and seeks out of every lobby.
// Runs beside a PostgreSQL server of its own (tagged hidden, started by
// yunzi_server_tests_postgresql).
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "tests/e2e/server/cluster_fixture.hpp"
#include "tests/e2e/server/game_helpers.hpp"
#include "tests/e2e/server/lobby_view.hpp"
#include "tests/support/nats_server.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

std::string seek_line(std::int64_t id, const std::string& by) { return std::to_string(id) + " by " + by; }

Json seek_settings() { return friendly_settings(); }

}  // namespace

TEST_CASE(
    "cluster over NATS: every node's lobby shows the same users, seeks and games; a seek made on one node is "
    "taken on another and the game starts for both",
    "[server][cluster][.postgresql]") {
  test_support::NatsServer nats;
  start_nats(nats);
  Cluster cluster(3, 3, {"--nats", nats.url()});
  Player alice(cluster.node(1).port(), "alice");
  Player bob(cluster.node(2).port(), "bob");
  Player carol(cluster.node(3).port(), "carol");
  const std::vector<Player*> everyone{&alice, &bob, &carol};
  for (Player* p : everyone) p->register_account();
  LobbyView expected{{"alice:idle", "bob:idle", "carol:idle"}, {}, {}};
  REQUIRE(all_see(everyone, expected));

  // The lobby's chat is one room over the nodes.
  bob.ok({{"type", "lobby.chat"}, {"text", "anyone for a 9x9?"}});
  for (Player* p : everyone) CHECK(p->wait_event("lobby.chat")["from"] == "bob");

  // A seek made on n1 is listed on every node, with the id n1 gave it.
  const Json made = alice.ok({{"type", "seek.create"}, {"settings", seek_settings()}});
  const auto seek = made["seek"]["id"].get<std::int64_t>();
  for (Player* p : {&bob, &carol}) {
    CHECK(p->wait_event("lobby.seek", [&](const Json& e) { return e["seek"]["id"] == seek; })["seek"]["from"]["name"] ==
          "alice");
  }
  expected.seeks = {seek_line(seek, "alice")};
  CHECK(all_see(everyone, expected));

  // Only alice may cancel it, from whichever node.
  CHECK(carol.fails({{"type", "seek.cancel"}, {"seek", seek}})["code"] == "forbidden");

  // Bob takes it on n2: the game runs on n1, where the seek was, and starts for both.
  const Json accepted = bob.ok({{"type", "seek.accept"}, {"seek", seek}});
  const auto game = accepted["game"].get<std::int64_t>();
  Json start;
  for (Player* p : {&alice, &bob}) {
    INFO(p->name());
    start = p->wait_game_event(game, "game.start");
    CHECK(start["seq"] == 1);
  }
  CHECK(carol.wait_event("lobby.seek_removed", [&](const Json& e) { return e["seek"] == seek; })["seek"] == seek);
  CHECK(carol.wait_event("lobby.game", [&](const Json& e) { return e["game"] == game; })["move_number"] == 0);
  REQUIRE(cluster.owner_of(game));
  CHECK(cluster.owner_of(game)->fence.node == "n1");
  const bool alice_black = start["black"]["name"] == "alice";
  Player& black = alice_black ? alice : bob;
  Player& white = alice_black ? bob : alice;

  // The second seek of the same id would be a new one: the taken seek is gone for good, everywhere.
  CHECK(carol.fails({{"type", "seek.accept"}, {"seek", seek}})["code"] == "not_found");

  play_moves(black, white, game, {"E5", "C3"}, {&alice, &bob});
  carol.watch(game);
  expected = LobbyView{
      {"alice:playing", "bob:playing", "carol:watching"}, {}, {game_line(game, black.name(), white.name(), 2)}};
  CHECK(all_see(everyone, expected));

  // Carol's seek on n3 goes with n3 when it dies, and so does she, from every lobby left.
  const auto carols_seek =
      carol.ok({{"type", "seek.create"}, {"settings", seek_settings()}})["seek"]["id"].get<std::int64_t>();
  alice.wait_event("lobby.seek", [&](const Json& e) { return e["seek"]["id"] == carols_seek; });
  cluster.node(3).kill();
  CHECK(alice.wait_event(
            "lobby.seek_removed", [&](const Json& e) { return e["seek"] == carols_seek; },
            std::chrono::seconds(20))["seek"] == carols_seek);
  CHECK(alice.wait_event(
            "lobby.user_left", [](const Json& e) { return e["name"] == "carol"; }, std::chrono::seconds(20))["name"] ==
        "carol");
  expected.users = {"alice:playing", "bob:playing"};
  CHECK(all_see({&alice, &bob}, expected));
}

TEST_CASE(
    "cluster over NATS: a challenge reaches its target on another node, is declined and accepted from there, and "
    "a user's rated game and seeks count on every node",
    "[server][cluster][.postgresql]") {
  test_support::NatsServer nats;
  start_nats(nats);
  Cluster cluster(3, 3, {"--nats", nats.url()});
  Player dave(cluster.node(2).port(), "dave");
  Player erin(cluster.node(3).port(), "erin");
  dave.register_account();
  erin.register_account();
  REQUIRE(all_see({&dave, &erin}, LobbyView{{"dave:idle", "erin:idle"}, {}, {}}));

  // Declined on n2, and erin on n3 hears of it.
  const Json sent = erin.ok({{"type", "challenge"}, {"to", "dave"}, {"settings", friendly_settings()}});
  const auto challenge = sent["challenge"]["id"].get<std::int64_t>();
  CHECK(dave.wait_event("challenge")["challenge"]["id"] == challenge);
  dave.ok({{"type", "challenge.decline"}, {"challenge", challenge}, {"reason", "busy"}});
  const Json declined = erin.wait_event("challenge.declined");
  CHECK(declined["challenge"] == challenge);
  CHECK(declined["by"] == "dave");
  CHECK(dave.fails({{"type", "challenge.accept"}, {"challenge", challenge}})["code"] == "not_found");

  // Asked again and accepted on n2: the game runs on n3, where the challenge was, and both play it.
  const std::int64_t game = start_game(erin, dave);
  REQUIRE(cluster.owner_of(game));
  CHECK(cluster.owner_of(game)->fence.node == "n3");
  play_moves(erin, dave, game, {"D4", "F6", "E5"}, {&erin, &dave});
  CHECK(cluster.stored_moves(game) == 3);

  // A rated game of dave's running on n3 keeps him from a second one, made on n1.
  const Json rated = {{"size", 19},
                      {"rated", true},
                      {"komi", 7.5},
                      {"color", "auto"},
                      {"time", {{"system", "byoyomi"}, {"main_s", 600}, {"periods", 3}, {"period_s", 30}}}};
  const auto rated_challenge =
      erin.ok({{"type", "challenge"}, {"to", "dave"}, {"settings", rated}})["challenge"]["id"].get<std::int64_t>();
  dave.wait_event("challenge");
  const auto rated_game =
      dave.ok({{"type", "challenge.accept"}, {"challenge", rated_challenge}})["game"].get<std::int64_t>();
  CHECK(cluster.owner_of(rated_game)->fence.node == "n3");
  Player gina(cluster.node(1).port(), "gina");
  gina.register_account();
  const auto rated_seek = gina.ok({{"type", "seek.create"}, {"settings", rated}})["seek"]["id"].get<std::int64_t>();
  dave.wait_event("lobby.seek", [&](const Json& e) { return e["seek"]["id"] == rated_seek; });
  CHECK(dave.fails({{"type", "seek.accept"}, {"seek", rated_seek}})["code"] == "not_rated_eligible");

  // Three seeks of dave's on n2; signed in on n1 too, he may not open a fourth there.
  Player dave_on_n1(cluster.node(1).port(), "dave");
  dave_on_n1.login();
  std::set<std::string> seeks;
  for (int i = 0; i < 3; ++i) {
    const auto id = dave.ok({{"type", "seek.create"}, {"settings", seek_settings()}})["seek"]["id"].get<std::int64_t>();
    seeks.insert(seek_line(id, "dave"));
  }
  seeks.insert(seek_line(rated_seek, "gina"));
  REQUIRE(eventually([&] { return lobby_seen_by(dave_on_n1).seeks == seeks; }));
  CHECK(dave_on_n1.fails({{"type", "seek.create"}, {"settings", seek_settings()}})["code"] == "limit_reached");
}

TEST_CASE(
    "cluster over NATS: quick play pairs players waiting on different nodes, also two who ask at the same moment, "
    "into one game each",
    "[server][cluster][.postgresql]") {
  test_support::NatsServer nats;
  start_nats(nats);
  Cluster cluster(3, 3, {"--nats", nats.url()});
  Player hana(cluster.node(1).port(), "hana");
  Player ivan(cluster.node(2).port(), "ivan");
  Player jack(cluster.node(3).port(), "jack");
  Player kate(cluster.node(2).port(), "kate");
  for (Player* p : {&hana, &ivan, &jack, &kate}) p->register_account();
  const Json quick = {{"type", "automatch.join"},
                      {"settings", {{"size", 9}, {"rated", false}, {"komi", 7.5}, {"time", {{"system", "none"}}}}}};
  const auto paired = [](Player& a, Player& b) {
    const Json a_start = a.wait_event("game.start");
    const Json b_start = b.wait_event("game.start");
    CHECK(a_start["game"] == b_start["game"]);
    const std::set<std::string> seated{a_start["black"]["name"], a_start["white"]["name"]};
    CHECK(seated == std::set<std::string>{a.name(), b.name()});
    // One game each, not two.
    CHECK(a.no_event("game.start", std::chrono::milliseconds(1500)));
    CHECK(b.no_event("game.start", std::chrono::milliseconds(100)));
    return a_start;
  };

  CHECK(hana.ok(quick)["queued"] == true);
  ivan.ok(quick);
  const Json start = paired(hana, ivan);
  const auto first = start["game"].get<std::int64_t>();
  // Made where hana waited, and played from both nodes.
  CHECK(cluster.owner_of(first)->fence.node == "n1");
  const bool hana_black = start["black"]["name"] == "hana";
  play_moves(hana_black ? hana : ivan, hana_black ? ivan : hana, first, {"E5", "C3"}, {&hana, &ivan});

  const auto jack_asked = jack.send(quick);
  const auto kate_asked = kate.send(quick);
  CHECK(jack.reply_to(jack_asked)["type"] == "ok");
  CHECK(kate.reply_to(kate_asked)["type"] == "ok");
  paired(jack, kate);
}
