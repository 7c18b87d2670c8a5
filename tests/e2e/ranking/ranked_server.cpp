#include "tests/e2e/ranking/ranked_server.hpp"

#include <catch2/catch.hpp>

#include <cctype>
#include <chrono>

#include "db/database.hpp"
#include "db/sql_stores.hpp"
#include "tests/e2e/admin/admin_process.hpp"

namespace yunzi::e2e {

RankedServer::RankedServer(ServerOptions options) : server(dir.path(), std::move(options)) {
  db_command({"init"});
  db_command({"create-admin", admin_name, "--password-stdin"});
  auto started = server.start();
  if (!started) FAIL("the server did not start: " << started.error());
}

RankedServer::~RankedServer() {
  if (!server.running()) return;
  auto exit_code = server.stop();
  if (std::uncaught_exceptions() > 0) return;
  if (!exit_code) FAIL_CHECK(exit_code.error());
  else CHECK(*exit_code == 0);
}

void RankedServer::db_command(std::vector<std::string> args) {
  const bool wants_password = args.front() == "create-admin";
  args.insert(args.begin(), {"db", "--data-dir", server.data_dir().string()});
  const auto run = admin_tests::run_admin_tool(args, wants_password ? std::string(admin_password) + "\n" : "");
  INFO("yunzi-admin " << args[3] << ": " << run.out << run.err);
  REQUIRE(run.exit_code == 0);
}

void RankedServer::record_won_games(const std::string& winner, const std::string& loser, int count) {
  auto connection = db::open_database((server.data_dir() / "yunzi.sqlite3").string());
  REQUIRE(connection);
  db::SqlStores stores(*connection);
  // Names in the tests are ASCII, so the name key is the name in lower case.
  auto key = [](std::string name) {
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return name;
  };
  auto won_by = stores.users().find_by_name_key(key(winner));
  auto lost_by = stores.users().find_by_name_key(key(loser));
  REQUIRE((won_by && *won_by && lost_by && *lost_by));
  using std::chrono::duration_cast, std::chrono::milliseconds, std::chrono::system_clock;
  const auto now_ms = duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
  for (int i = 0; i < count; ++i) {
    db::NewGame game;
    game.black_id = (*won_by)->id;
    game.white_id = (*lost_by)->id;
    game.black_rank = (*won_by)->rank;
    game.white_rank = (*lost_by)->rank;
    game.settings.rated = true;
    game.started_ms = now_ms - 86'400'000 + i * 60'000;
    auto id = stores.games().create(game);
    REQUIRE(id);
    REQUIRE(stores.games().end_game(
        *id, db::GameEnd{win_by(Color::black, EndReason::resignation), game.started_ms + 30'000, ""}, {}));
  }
}

Player RankedServer::registered(const std::string& name, const std::string& rank) {
  Player player(server.port(), name);
  player.register_account(rank);
  return player;
}

Player RankedServer::admin() {
  Player root(server.port(), admin_name, admin_password);
  root.login();
  return root;
}

std::string rank_of(Player& asker, const std::string& name) {
  return asker.ok({{"type", "user.info"}, {"name", name}})["user"]["rank"].get<std::string>();
}

void set_rank(Player& root, Player& player, const std::string& rank) {
  root.ok({{"type", "admin.set_rank"}, {"user", player.name()}, {"rank", rank}, {"reason", "set up"}});
  CHECK(player.wait_event("rank.change")["to"] == rank);
}

Player entitled_nine_dan(RankedServer& ranked, Player& root, const std::string& name) {
  Player nine = ranked.registered(name, "1d");
  Player partner = ranked.registered(name + "_partner", "1d");
  set_rank(root, nine, "9d");
  set_rank(root, partner, "9d");
  ranked.record_won_games(name, name + "_partner", 30);
  return nine;
}

}  // namespace yunzi::e2e
