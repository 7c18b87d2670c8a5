#include "tests/e2e/ranking/ranked_server.hpp"

#include <catch2/catch.hpp>

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

Json rated_settings() {
  return {{"size", 19},
          {"rated", true},
          {"handicap", 0},
          {"komi", 7.5},
          {"time", {{"system", "byoyomi"}, {"main_s", 600}, {"periods", 3}, {"period_s", 30}}}};
}

RatedGame play_rated_win(Player& challenger, Player& opponent, Player& winner) {
  const Json sent = challenger.ok({{"type", "challenge"}, {"to", opponent.name()}, {"settings", rated_settings()}});
  const auto challenge = sent["challenge"]["id"].get<std::int64_t>();
  opponent.wait_event("challenge", [&](const Json& e) { return e["challenge"]["id"] == challenge; });
  const Json accepted = opponent.ok({{"type", "challenge.accept"}, {"challenge", challenge}});
  const auto game = accepted["game"].get<std::int64_t>();
  for (Player* player : {&challenger, &opponent}) {
    const Json start = player->wait_game_event(game, "game.start");
    CHECK(start["rated"] == true);
  }
  Player& loser = &winner == &challenger ? opponent : challenger;
  loser.ok({{"type", "game.resign"}, {"game", game}});
  RatedGame out{game, winner.wait_game_event(game, "game.end")};
  const Json loser_end = loser.wait_game_event(game, "game.end");
  CHECK(out.end["reason"] == "resignation");
  CHECK(loser_end["result"] == out.end["result"]);
  return out;
}

std::string rank_of(Player& asker, const std::string& name) {
  return asker.ok({{"type", "user.info"}, {"name", name}})["user"]["rank"].get<std::string>();
}

}  // namespace yunzi::e2e
