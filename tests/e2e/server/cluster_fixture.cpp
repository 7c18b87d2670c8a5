#include "tests/e2e/server/cluster_fixture.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <csignal>
#include <thread>

#include "db/database.hpp"
#include "db/sql_stores.hpp"
#include "tests/unit/db/temp_database.hpp"
#include "tools/client/http_get.hpp"

namespace yunzi::e2e {

namespace {

// Runs `work` with the stores of a reader connection to the cluster's database.
template <class Work>
auto with_reader(const std::string& database, Work work) {
  auto reader = db::open_reader(db::DatabaseTarget{db::Engine::postgresql, database});
  REQUIRE(reader);
  db::SqlStores stores(*reader);
  return work(stores);
}

client::HttpReply http_get(const ServerProcess& node, const std::string& target) {
  auto reply = client::http_get("127.0.0.1", node.port(), target);
  REQUIRE(reply);
  return *reply;
}

}  // namespace

Cluster::Cluster(int count, int lease, std::vector<std::string> extra_args) : lease_s(lease) {
  auto server = db::testing::test_postgres_server();
  REQUIRE(server);
  database = db::testing::fresh_postgres_database(*server).location;
  for (int i = 1; i <= count; ++i) {
    ServerOptions options;
    options.database = database;
    options.extra_args = {"--node", "n" + std::to_string(i), "--lease-s", std::to_string(lease_s)};
    options.extra_args.insert(options.extra_args.end(), extra_args.begin(), extra_args.end());
    nodes.push_back(std::make_unique<ServerProcess>(dir.path() / ("n" + std::to_string(i)), options));
    auto started = nodes.back()->start();
    if (!started) FAIL("node n" << i << " did not start: " << started.error());
  }
}

Cluster::~Cluster() {
  for (auto& node : nodes) {
    if (node->running()) node->send_signal(SIGCONT);
  }
}

std::optional<db::GameLease> Cluster::owner_of(std::int64_t game) {
  return with_reader(database, [game](db::Stores& stores) {
    auto owner = stores.owners().owner_of(game);
    REQUIRE(owner);
    return *owner;
  });
}

void Cluster::make_admin(const std::string& name_key) {
  // A second writer beside the nodes, as yunzi-admin is.
  auto connection = db::open_database(db::DatabaseTarget{db::Engine::postgresql, database});
  REQUIRE(connection);
  db::SqlStores stores(*connection);
  auto user = stores.users().find_by_name_key(name_key);
  REQUIRE(user);
  REQUIRE(*user);
  REQUIRE(stores.users().set_role((*user)->id, Role::admin));
}

std::size_t Cluster::stored_moves(std::int64_t game) {
  return with_reader(database, [game](db::Stores& stores) {
    auto stored = stores.games().load(game);
    REQUIRE(stored);
    REQUIRE(stored->has_value());
    return (*stored)->moves.size();
  });
}

Json join_on(Player& player, ServerProcess& node, std::int64_t game, int lease_s) {
  player.set_port(node.port());
  player.connect();
  player.resume();
  return watch_once_running(player, node, game, lease_s);
}

Json watch_once_running(Player& player, const ServerProcess& node, std::int64_t game, int lease_s) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(6 * lease_s + 20);
  // Not yet claimed: over a bus the game is stored as in progress and coming back, without one it is elsewhere.
  const std::vector<std::string>& args = node.options().extra_args;
  const bool over_bus = std::find(args.begin(), args.end(), "--nats") != args.end();
  const std::string unclaimed = over_bus ? "unavailable" : "not_found";
  for (;;) {
    const Json reply = player.call({{"type", "game.watch"}, {"game", game}});
    if (reply["type"] != "error") return reply["state"];
    REQUIRE(reply["code"] == unclaimed);
    REQUIRE(std::chrono::steady_clock::now() < deadline);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
}

std::int64_t seated_game(Player& black, Player& white, Json settings) {
  black.register_account();
  white.register_account();
  return start_game(black, white, std::move(settings));
}

void start_nats(test_support::NatsServer& nats) {
  auto up = nats.start();
  if (!up) FAIL("nats-server did not start: " << up.error());
}

std::string metrics_of(const ServerProcess& node) {
  const client::HttpReply reply = http_get(node, "/metrics");
  REQUIRE(reply.status == 200);
  return reply.body;
}

unsigned health_of(const ServerProcess& node, const std::string& path) { return http_get(node, path).status; }

int stopped(ServerProcess& node) {
  auto code = node.stop();
  if (!code) FAIL(code.error());
  return *code;
}

}  // namespace yunzi::e2e
