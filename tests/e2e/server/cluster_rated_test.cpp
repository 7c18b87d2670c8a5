// A rank block played over three nodes: a 5k on n1 plays rated games
// against rivals on n2 and n3, the games running on whichever node took the
// challenge, and the last one is a 19x19 game counted to the end with a
// spectator on the third node. The promotion it brings is in every game.end,
// reaches the player on each node they are signed in on, and every node's
// lobby shows the new rank. Runs beside a PostgreSQL server of its own
// (tagged hidden, started by yunzi_server_tests_postgresql).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "tests/e2e/server/cluster_fixture.hpp"
#include "tests/e2e/server/game_helpers.hpp"
#include "tests/e2e/server/rated_games.hpp"
#include "tests/support/nats_server.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

// The rank `name` has in the users of `player`'s lobby ("" when not listed).
std::string lobby_rank(Player& player, const std::string& name) {
  const Json snapshot = player.ok({{"type", "lobby.watch"}});
  for (const Json& user : snapshot["users"]) {
    if (user["name"] == name) return user["rank"].get<std::string>();
  }
  return "";
}

// A game's end reaches its players a moment before the other nodes'
// lobbies unlist it, and a lobby refuses a rated challenge (or its
// acceptance) for a player it lists in a rated game; the database decides
// in the end. So a next game waits until the lobbies of both players' nodes
// let the last one go (the hero plays one game at a time; nobody else plays).
void wait_for_lobbies_without_games(const std::vector<Player*>& one_per_node) {
  REQUIRE(eventually([&] {
    for (Player* p : one_per_node) {
      if (!p->ok({{"type", "lobby.watch"}})["games"].empty()) return false;
    }
    return true;
  }));
}

// Nine wins (two against each of the first four rivals, one against the
// last) and two losses: one more win makes 5k -> 4k certain (10 wins, and
// 14 out of reach). Challenger and node alternate, so the games run on all
// three nodes.
void play_to_the_brink(Player& hero, std::vector<Player>& rivals) {
  auto play = [&](Player& rival, int i, bool hero_wins) {
    Player& challenger = i % 2 == 0 ? hero : rival;
    Player& opponent = i % 2 == 0 ? rival : hero;
    wait_for_lobbies_without_games({&challenger, &opponent});
    const RatedGame played = play_rated_win(challenger, opponent, hero_wins ? hero : rival);
    INFO("game " << i + 1 << ": " << played.end.dump());
    CHECK(played.end["rank_changes"] == Json::array());
  };
  for (int i = 0; i < 9; ++i) play(rivals[static_cast<std::size_t>(i % 5)], i, true);
  play(rivals[0], 9, false);
  play(rivals[1], 10, false);
  const Json progress = hero.ok({{"type", "user.info"}, {"name", hero.name()}})["rank_progress"];
  CHECK(progress["wins"] == 9);
  CHECK(progress["losses"] == 2);
}

}  // namespace

TEST_CASE(
    "cluster over NATS: a rated 19x19 game between players on two nodes, watched from a third, is counted and "
    "promotes its winner on every node",
    "[server][cluster][.postgresql]") {
  test_support::NatsServer nats;
  start_nats(nats);
  Cluster cluster(3, 3, {"--nats", nats.url()});
  Player hero(cluster.node(1).port(), "hero");
  hero.register_account("5k");
  std::vector<Player> rivals;
  for (int i = 0; i < 5; ++i) {
    rivals.emplace_back(cluster.node(i % 2 == 0 ? 2 : 3).port(), "rival" + std::to_string(i));
    rivals.back().register_account("5k");
  }
  play_to_the_brink(hero, rivals);

  // The deciding game: the rival on n2 challenges, so it runs there; the hero
  // plays it from n1 and carol watches from n3.
  Player& rival = rivals[4];
  wait_for_lobbies_without_games({&hero, &rival});
  const Json start = start_rated_game(rival, hero);
  const auto game = start["game"].get<std::int64_t>();
  REQUIRE(cluster.owner_of(game));
  CHECK(cluster.owner_of(game)->fence.node == "n2");
  Player carol(cluster.node(3).port(), "carol");
  carol.register_account();
  CHECK(carol.watch(game)["state"]["rated"] == true);
  Player hero_on_n3(cluster.node(3).port(), "hero");
  hero_on_n3.login();

  const bool hero_black = start["black"]["name"] == "hero";
  Player& black = hero_black ? hero : rival;
  Player& white = hero_black ? rival : hero;
  // Black's wall on K wins for Black (190 to 171 + 7.5), on J for White (171 to 190 + 7.5).
  const CountedRecord record = walled_record(19, hero_black ? 10 : 9);
  const std::vector<Player*> everyone{&hero, &rival, &carol};
  play_moves(black, white, game, record.moves, everyone);
  for (Player* p : everyone) p->wait_game_event(game, "game.scoring");
  black.ok({{"type", "game.dead"}, {"game", game}, {"vertex", record.dead_white_stone}, {"dead", true}});
  white.ok({{"type", "game.dead"}, {"game", game}, {"vertex", record.dead_black_stone}, {"dead", true}});
  Json marking;
  for (Player* p : everyone) {
    marking = p->wait_event("game.scoring", [](const Json& e) { return e["dead"].size() == 2; });
  }
  for (Player* p : {&black, &white}) {
    p->ok({{"type", "game.score.accept"}, {"game", game}, {"marking_version", marking["marking_version"]}});
  }

  const std::string result = engine_result(record, 7.5);
  CHECK(result == (hero_black ? "B+11.5" : "W+26.5"));
  for (Player* p : everyone) {
    INFO(p->name());
    const Json end = p->wait_game_event(game, "game.end");
    CHECK(end["result"] == result);
    CHECK(end["reason"] == "count");
    check_promotion(end, "hero", "5k", "4k", game);
    CHECK(p->seq_errors() == std::vector<std::string>{});
  }
  CHECK(cluster.stored_moves(game) == record.moves.size());

  // The hero hears of it on both nodes they are signed in on.
  for (Player* p : {&hero, &hero_on_n3}) {
    const Json told = p->wait_event("rank.change");
    CHECK(told["to"] == "4k");
    CHECK(told["game"] == game);
  }
  // Every node's lobby lists the hero at 4k, and every node tells the same record.
  const std::vector<Player*> one_per_node{&hero, &rival, &carol};
  CHECK(eventually([&] {
    for (Player* p : one_per_node) {
      if (lobby_rank(*p, "hero") != "4k") return false;
    }
    return true;
  }));
  for (Player* p : one_per_node) {
    INFO(p->name());
    const Json info = p->ok({{"type", "user.info"}, {"name", "hero"}});
    CHECK(info["user"]["rank"] == "4k");
    CHECK(info["wins"] == 10);
    CHECK(info["losses"] == 2);
    CHECK(info["rank_progress"]["games"] == 0);
    CHECK(lobby_rank(*p, "rival4") == "5k");
  }
  // A challenge made on another node names the hero at the new rank.
  wait_for_lobbies_without_games({&rivals[1], &hero});
  const Json offer = rivals[1].ok({{"type", "challenge"}, {"to", "hero"}, {"settings", rated_settings()}});
  CHECK(offer["challenge"]["to"]["rank"] == "4k");
  CHECK(hero.wait_event("challenge")["challenge"]["to"]["rank"] == "4k");
}
