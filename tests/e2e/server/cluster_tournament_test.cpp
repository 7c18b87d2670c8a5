// A tournament in a cluster: its first round, paired on one node to start at a fixed time, is started by all three
// nodes at once (two of them restarted meanwhile), and still its games are made once. Players on any node get their
// pairings and games, count as present at the no-show deadline through their own node, and play to the end.
#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <thread>
#include <vector>

#include "tests/e2e/server/cluster_fixture.hpp"
#include "tests/e2e/server/game_helpers.hpp"
#include "tests/e2e/server/tournament_waits.hpp"
#include "tests/support/nats_server.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

TEST_CASE(
    "cluster over NATS: a round robin whose round every node starts at its fixed time has its games made once, "
    "and its players on any node play it to the end",
    "[server][cluster][.postgresql]") {
  test_support::NatsServer nats;
  start_nats(nats);
  Cluster cluster(3, 3, {"--nats", nats.url()});
  Player ops(cluster.node(2).port(), "ops");
  ops.register_account();
  cluster.make_admin("ops");
  const int no_show_s = 2;
  // Time enough for two node restarts before round 1; the later rounds start as soon as the one before ends.
  using std::chrono::duration_cast, std::chrono::milliseconds, std::chrono::system_clock;
  const auto first_round_ms = duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count() + 15'000;
  const auto tournament = ops.ok({{"type", "admin.tournament.create"},
                                  {"name", "Three nodes"},
                                  {"system", "round_robin"},
                                  {"settings", friendly_settings()},
                                  {"rounds", 3},
                                  {"round_start", "fixed"},
                                  {"round_times_ms", {first_round_ms, first_round_ms + 1000, first_round_ms + 2000}},
                                  {"no_show_s", no_show_s}})["tournament"]
                              .get<std::int64_t>();

  // The names sort by strength: the earlier name wins every game.
  std::vector<Player> players;
  players.reserve(4);
  const std::vector<std::pair<std::string, int>> field{{"ta", 1}, {"tb", 2}, {"tc", 3}, {"td", 1}};
  for (const auto& [name, node] : field) {
    players.emplace_back(cluster.node(node).port(), name);
    players.back().register_account();
    // Registering on its node makes that node follow the tournament.
    players.back().ok({{"type", "tournament.register"}, {"tournament", tournament}});
  }
  auto player_named = [&](const std::string& name) -> Player& {
    for (Player& p : players) {
      if (p.name() == name) return p;
    }
    FAIL("no player " << name);
    return players.front();
  };
  // n2 pairs round 1; n1 and n3, started again, read the tournament as it is now and wait for the same time.
  ops.ok({{"type", "admin.tournament.start"}, {"tournament", tournament}});
  for (int restarted : {1, 3}) {
    std::vector<Player*> on_node;
    for (std::size_t i = 0; i < field.size(); ++i) {
      if (field[i].second == restarted) on_node.push_back(&players[i]);
    }
    for (Player* p : on_node) p->drop();
    CHECK(stopped(cluster.node(restarted)) == 0);
    REQUIRE(cluster.node(restarted).start());
    for (Player* p : on_node) {
      p->set_port(cluster.node(restarted).port());
      p->connect();
      p->resume();
    }
  }
  // On a machine slow enough to take longer, round 1 started while they were away: they missed its announcement.
  const bool back_in_time =
      duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count() < first_round_ms;
  std::set<std::int64_t> tournament_games;
  for (int round = 1; round <= 3; ++round) {
    INFO("round " << round);
    const Json list = wait_round(ops, tournament, round, all_started);
    REQUIRE(list.size() == 2);
    for (const Json& p : list) {
      const auto game = p["game"].get<std::int64_t>();
      CHECK(tournament_games.insert(game).second);
      for (const std::string color : {"black", "white"}) {
        Player& player = player_named(p[color]);
        if (round > 1 || back_in_time) {
          // The pairing as the round starts, with its game (a round paired ahead of its time is told then too).
          const Json told = player.wait_event(
              "tournament.pairing", [&](const Json& e) { return e["round"] == round && !e["game"].is_null(); });
          CHECK(told["game"] == game);
          CHECK(told["color"] == color);
          CHECK(player.wait_game_event(game, "game.start")[color]["name"] == p[color]);
        }
      }
    }
    if (round == 1) {
      // Past the no-show deadline every player is still in their game, through their own node.
      std::this_thread::sleep_for(std::chrono::seconds(no_show_s) + std::chrono::milliseconds(1500));
      for (const Json& p : round_pairings(ops, tournament, 1)) CHECK(p["result"] == "pending");
    }
    for (const Json& p : list) {
      const std::string black = p["black"], white = p["white"];
      resign_once_live(player_named(black < white ? white : black), p["game"]);
    }
    for (const Json& p : wait_round(ops, tournament, round, all_decided)) {
      INFO(p.dump());
      CHECK(p["how"] == "played");
      CHECK(p["result"] == (p["black"] < p["white"] ? "black_wins" : "white_wins"));
    }
  }

  const Json finished = wait_finished(ops, tournament);
  CHECK(finished["status"] == "finished");
  // Each player played three games, the ones the pairings name and no other: no game was made twice.
  std::set<std::int64_t> played;
  for (Player& p : players) {
    const Json games = p.ok({{"type", "user.games"}, {"name", p.name()}, {"limit", 100}})["games"];
    CHECK(games.size() == 3);
    for (const Json& g : games) played.insert(g["game"].get<std::int64_t>());
  }
  CHECK(played == tournament_games);
}
