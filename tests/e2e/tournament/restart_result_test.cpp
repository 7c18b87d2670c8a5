// A game that ended just before the server went down, its tournament result
// not yet written: after the restart the pairing gets the game's result and
// the tournament goes on. The crash window is made by hand in the stopped
// server's database.
#include <catch2/catch.hpp>

#include <thread>

#include "db/database.hpp"
#include "tests/e2e/ranking/ranked_server.hpp"
#include "tests/e2e/server/game_helpers.hpp"
#include "tests/e2e/server/tournament_waits.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

bool started(const Json& list) {
  for (const Json& p : list) {
    if (p["game"].is_null()) return false;
  }
  return !list.empty();
}

}  // namespace

TEST_CASE("a result lost at a stop is taken from the ended game after the restart", "[tournament][e2e]") {
  RankedServer ranked;
  Player admin = ranked.admin();
  std::vector<Player> players;
  for (int i = 0; i < 4; ++i) players.push_back(ranked.registered("p" + std::to_string(i), "5k"));
  const auto tournament = admin
                              .ok({{"type", "admin.tournament.create"},
                                   {"name", "Night"},
                                   {"settings", rated_settings()},
                                   {"rounds", 2},
                                   {"round_gap_s", 3600}})["tournament"]
                              .get<std::int64_t>();
  for (Player& p : players) p.ok({{"type", "tournament.register"}, {"tournament", tournament}});
  admin.ok({{"type", "admin.tournament.start"}, {"tournament", tournament}});
  // Round 1 waits an hour after its pairing; the test moves its start back to begin at once.
  wait_round(admin, tournament, 1, [](const Json& list) { return !list.empty(); });
  REQUIRE(ranked.server.stop());
  {
    auto db = db::open_database((ranked.server.data_dir() / "yunzi.sqlite3").string());
    REQUIRE(db);
    REQUIRE(db->run_script("UPDATE tournament_rounds SET scheduled_ms = 0"));
  }
  REQUIRE(ranked.server.start());
  for (Player& p : players) {
    p.set_port(ranked.server.port());
    p.connect();
    p.resume();
  }
  admin.set_port(ranked.server.port());
  admin.connect();
  admin.resume();

  const Json round1 = wait_round(admin, tournament, 1, started);
  REQUIRE(round1.size() == 2);
  std::map<std::string, Player*> by_name;
  for (Player& p : players) by_name[p.name()] = &p;
  for (const Json& p : round1) resign_once_live(*by_name[p["white"].get<std::string>()], p["game"]);
  wait_round(admin, tournament, 2, [](const Json& list) { return !list.empty(); });

  // The state of a stop between the games' ends and their tournament results.
  REQUIRE(ranked.server.stop());
  {
    auto db = db::open_database((ranked.server.data_dir() / "yunzi.sqlite3").string());
    REQUIRE(db);
    REQUIRE(db->run_script(
        "UPDATE tournament_pairings SET outcome = 'pending', how = '', decided_ms = NULL WHERE round = 1;"
        "DELETE FROM tournament_pairings WHERE round = 2; DELETE FROM tournament_rounds WHERE number = 2;"
        "UPDATE tournament_rounds SET status = 'playing', ended_ms = NULL WHERE number = 1;"
        "UPDATE tournaments SET current_round = 1"));
  }
  REQUIRE(ranked.server.start());
  admin.set_port(ranked.server.port());
  admin.connect();
  admin.resume();

  const Json settled = wait_round(admin, tournament, 1, [](const Json& list) {
    for (const Json& p : list) {
      if (p["result"] == "pending") return false;
    }
    return true;
  });
  for (const Json& p : settled) {
    CHECK(p["result"] == "black_wins");
    CHECK(p["how"] == "played");
  }
  const Json round2 = wait_round(admin, tournament, 2, [](const Json& list) { return !list.empty(); });
  CHECK(round2.size() == 2);
}
