// Several yunzi-server nodes on one PostgreSQL database (--node): each live
// game belongs to one node under a lease; when that node dies, or is paused
// past its lease, another takes the game over from the database, and the
// node that lost it can no longer write to it. Runs only beside a PostgreSQL
// server of its own (tagged hidden, started by yunzi_server_tests_postgresql).
#include <catch2/catch.hpp>
#include <csignal>
#include <thread>

#include "db/database.hpp"
#include "db/sql_stores.hpp"
#include "tests/e2e/server/game_helpers.hpp"
#include "tests/e2e/server/server_fixture.hpp"
#include "tests/unit/db/temp_database.hpp"
#include "tools/client/http_get.hpp"

using namespace yunzi;
using namespace yunzi::e2e;
using namespace std::chrono_literals;

namespace {

constexpr int lease_s = 3;

// Nodes n1, n2, ... on one fresh schema of the test's PostgreSQL server.
struct Cluster {
  test_support::TempDir dir{"yunzi-cluster"};
  std::string database;
  std::vector<std::unique_ptr<ServerProcess>> nodes;

  explicit Cluster(int count) {
    auto server = db::testing::test_postgres_server();
    REQUIRE(server);
    database = db::testing::fresh_postgres_database(*server).location;
    for (int i = 1; i <= count; ++i) {
      ServerOptions options;
      options.database = database;
      options.extra_args = {"--node", "n" + std::to_string(i), "--lease-s", std::to_string(lease_s)};
      nodes.push_back(std::make_unique<ServerProcess>(dir.path() / ("n" + std::to_string(i)), options));
      auto started = nodes.back()->start();
      if (!started) FAIL("node n" << i << " did not start: " << started.error());
    }
  }
  ~Cluster() {
    for (auto& node : nodes) {
      if (node->running()) node->send_signal(SIGCONT);
    }
  }

  ServerProcess& node(int number) { return *nodes.at(static_cast<std::size_t>(number - 1)); }

  // The game's owner as the database has it.
  std::optional<db::GameLease> owner_of(std::int64_t game) {
    auto reader = db::open_reader(db::DatabaseTarget{db::Engine::postgresql, database});
    REQUIRE(reader);
    db::SqlStores stores(*reader);
    auto owner = stores.owners().owner_of(game);
    REQUIRE(owner);
    return *owner;
  }

  std::vector<std::string> stored_moves(std::int64_t game) {
    auto reader = db::open_reader(db::DatabaseTarget{db::Engine::postgresql, database});
    REQUIRE(reader);
    db::SqlStores stores(*reader);
    auto stored = stores.games().load(game);
    REQUIRE(stored);
    REQUIRE(stored->has_value());
    std::vector<std::string> moves;
    for (const db::MoveRecord& move : (*stored)->moves) moves.push_back(move.move.vertex ? "stone" : "pass");
    return moves;
  }
};

// `player` connects to `node` and signs in with its token; once the node
// runs `game`, the player watches it there. Returns the state.
Json join_on(Player& player, ServerProcess& node, std::int64_t game) {
  player.set_port(node.port());
  player.connect();
  player.resume();
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(6 * lease_s + 20);
  for (;;) {
    const Json reply = player.call({{"type", "game.watch"}, {"game", game}});
    if (reply["type"] != "error") return reply["state"];
    REQUIRE(reply["code"] == "not_found");
    REQUIRE(std::chrono::steady_clock::now() < deadline);
    std::this_thread::sleep_for(50ms);
  }
}

// The node's /metrics text.
std::string metrics_of(const ServerProcess& node) {
  auto reply = client::http_get("127.0.0.1", node.port(), "/metrics");
  REQUIRE(reply);
  REQUIRE(reply->status == 200);
  return reply->body;
}

// SIGTERM, and the node's exit code.
int stopped(ServerProcess& node) {
  auto code = node.stop();
  if (!code) FAIL(code.error());
  return *code;
}

Json byoyomi_10min() {
  return friendly_settings({{"system", "byoyomi"}, {"main_s", 600}, {"periods", 3}, {"period_s", 30}});
}

}  // namespace

TEST_CASE(
    "cluster: the node running a game is killed; another takes it over with every acknowledged move and the "
    "outage not charged to the clocks",
    "[server][cluster][.postgresql]") {
  Cluster cluster(2);
  Player alice(cluster.node(1).port(), "alice");
  alice.register_account();
  Player bob(cluster.node(1).port(), "bob");
  bob.register_account();
  const std::int64_t game = start_game(alice, bob, byoyomi_10min());
  CHECK(cluster.owner_of(game)->fence.node == "n1");
  play_moves(alice, bob, game, {"E5", "C3", "G7"}, {&alice, &bob});
  const Json before = alice.watch(game)["state"];
  const std::int64_t white_before = before["clock"]["white"]["main_ms"];

  cluster.node(1).kill();
  const Json state = join_on(bob, cluster.node(2), game);
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

  join_on(alice, cluster.node(2), game);
  play_moves(alice, bob, game, {"C7", "G3", "pass", "pass"}, {&alice, &bob}, 4, "white");
  CHECK(cluster.stored_moves(game).size() == 7);
  CHECK(stopped(cluster.node(2)) == 0);
}

TEST_CASE("cluster: an owner paused past its lease cannot write to the game another node took",
          "[server][cluster][.postgresql]") {
  Cluster cluster(2);
  Player alice(cluster.node(1).port(), "alice");
  alice.register_account();
  Player bob(cluster.node(1).port(), "bob");
  bob.register_account();
  const std::int64_t game = start_game(alice, bob);
  play_moves(alice, bob, game, {"E5"}, {&alice, &bob});

  cluster.node(1).send_signal(SIGSTOP);
  Player alice_elsewhere(cluster.node(2).port(), "alice");
  alice_elsewhere.login();
  Player bob_elsewhere(cluster.node(2).port(), "bob");
  bob_elsewhere.login();
  join_on(bob_elsewhere, cluster.node(2), game);
  join_on(alice_elsewhere, cluster.node(2), game);
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
  CHECK(cluster.stored_moves(game).size() == 2);
  CHECK(alice_elsewhere.watch(game)["state"]["moves"] == Json::array({"E5", "C3"}));
  play_moves(alice_elsewhere, bob_elsewhere, game, {"G7"}, {&alice_elsewhere, &bob_elsewhere}, 3);
  CHECK(cluster.stored_moves(game).size() == 3);
  CHECK_THAT(metrics_of(cluster.node(1)), Catch::Contains("yunzi_games_lost_total 1\n"));
}

TEST_CASE("cluster: a node stopped cleanly hands its games over at once, and a node's name runs once",
          "[server][cluster][.postgresql]") {
  Cluster cluster(2);
  Player alice(cluster.node(1).port(), "alice");
  alice.register_account();
  Player bob(cluster.node(1).port(), "bob");
  bob.register_account();
  const std::int64_t game = start_game(alice, bob);
  play_moves(alice, bob, game, {"E5"}, {&alice, &bob});

  ServerOptions twin_options;
  twin_options.database = cluster.database;
  twin_options.extra_args = {"--node", "n1"};
  ServerProcess twin(cluster.dir.path() / "twin", twin_options);
  auto refused = twin.start();
  REQUIRE_FALSE(refused);
  CHECK_THAT(refused.error(), Catch::Contains("exit code 3"));
  CHECK_THAT(twin.log_text(), Catch::Contains("runs as node 'n1'"));

  REQUIRE(stopped(cluster.node(1)) == 0);
  // The lease was given up, not left to run out.
  const auto owner = cluster.owner_of(game);
  REQUIRE(owner);
  CHECK((owner->fence.node == "n2" || owner->lease_until_ms == 0));
  const Json state = join_on(alice, cluster.node(2), game);
  CHECK(state["moves"] == Json::array({"E5"}));
}
