// The admin's hands on a tournament, on the real server: the 升段赛 preset's
// groups, a rank no group takes, withdrawals before and after the start, a
// round paired again before it starts, a result set by hand; every admin
// change is in the audit log.
#include <catch2/catch.hpp>

#include <thread>

#include "tests/e2e/ranking/ranked_server.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

Json info_of(Player& asker, std::int64_t tournament) {
  return asker.ok({{"type", "tournament.info"}, {"tournament", tournament}});
}

Json wait_round_paired(Player& admin, std::int64_t tournament, int round) {
  for (int attempt = 0; attempt < 400; ++attempt) {
    if (info_of(admin, tournament)["tournament"]["round"].get<int>() >= round) {
      return admin.ok({{"type", "tournament.pairings"}, {"tournament", tournament}, {"round", round}})["pairings"];
    }
    std::this_thread::sleep_for(50ms);
  }
  FAIL("round " << round << " was not paired");
  return {};
}

std::string last_audit_action(Player& admin) {
  return admin.ok({{"type", "admin.audit"}, {"limit", 1}})["entries"][0]["action"];
}

}  // namespace

TEST_CASE("the admin withdraws, re-pairs and sets results of a promotion tournament", "[tournament][e2e]") {
  RankedServer ranked;
  Player admin = ranked.admin();
  const Json created = admin.ok({{"type", "admin.tournament.create"},
                                 {"name", "升段赛"},
                                 {"preset", "promotion"},
                                 {"settings", rated_settings()},
                                 {"rounds", 3},
                                 {"round_gap_s", 3600}});
  const auto tournament = created["tournament"].get<std::int64_t>();
  CHECK(last_audit_action(admin) == "tournament.create");
  const Json info = info_of(admin, tournament)["tournament"];
  REQUIRE(info["groups"].size() == 4);
  CHECK(info["groups"][0] == Json({{"name", "1d"}, {"min_rank", "1d"}, {"max_rank", "1d"}}));
  CHECK(info["groups"][3] == Json({{"name", "4d+"}, {"min_rank", "4d"}, {"max_rank", "9d"}}));
  CHECK(info["bonus"] == Json::array({3, 2, 1}));
  CHECK(info["status"] == "registration");
  // The games' settings as they will be played, the clock included.
  CHECK(info["settings"]["size"] == 19);
  CHECK(info["settings"]["komi"] == 7.5);
  CHECK(info["settings"]["rated"] == true);
  CHECK(info["settings"]["time"] == rated_settings()["time"]);

  std::vector<Player> dans;
  for (int i = 0; i < 5; ++i) dans.push_back(ranked.registered("dan" + std::to_string(i), "1d"));
  for (Player& p : dans) p.ok({{"type", "tournament.register"}, {"tournament", tournament}});
  Player kyu = ranked.registered("kyu", "2k");
  const Json refused = kyu.fails({{"type", "tournament.register"}, {"tournament", tournament}});
  CHECK(refused["code"] == "bad_request");
  CHECK(kyu.fails({{"type", "tournament.withdraw"}, {"tournament", tournament}})["code"] == "not_found");

  // Before the start a withdrawal removes the entry.
  dans[4].ok({{"type", "tournament.withdraw"}, {"tournament", tournament}});
  CHECK(info_of(admin, tournament)["entrants"].size() == 4);
  CHECK(admin.fails({{"type", "admin.tournament.repair"}, {"tournament", tournament}, {"reason", "x"}})["code"] ==
        "conflict");

  admin.ok({{"type", "admin.tournament.start"}, {"tournament", tournament}});
  CHECK(last_audit_action(admin) == "tournament.start");
  const Json first = wait_round_paired(admin, tournament, 1);
  REQUIRE(first.size() == 2);
  for (const Json& p : first) {
    CHECK(p["group"] == "1d");
    CHECK(p["game"].is_null());  // the round waits an hour
  }
  CHECK_FALSE(info_of(admin, tournament)["tournament"]["next_round_ms"].is_null());

  // A withdrawal after the pairing, then a new pairing of the waiting round: three players, one bye.
  admin.ok({{"type", "admin.tournament.withdraw"}, {"tournament", tournament}, {"user", "dan3"}, {"reason", "ill"}});
  CHECK(last_audit_action(admin) == "tournament.withdraw");
  const Json entrants = info_of(admin, tournament)["entrants"];
  for (const Json& e : entrants) CHECK(e["withdrawn_after"] == (e["name"] == "dan3" ? Json(0) : Json(nullptr)));
  admin.ok({{"type", "admin.tournament.repair"}, {"tournament", tournament}, {"reason", "dan3 withdrew"}});
  CHECK(last_audit_action(admin) == "tournament.repair");
  const Json repaired = wait_round_paired(admin, tournament, 1);
  REQUIRE(repaired.size() == 2);
  int byes = 0;
  for (const Json& p : repaired) {
    CHECK(p["black"] != "dan3");
    CHECK(p["white"] != "dan3");
    if (p["white"].is_null()) {
      ++byes;
      CHECK(p["result"] == "bye");
    }
  }
  CHECK(byes == 1);

  // A result by hand for the game of the round.
  const Json& game = repaired[0]["white"].is_null() ? repaired[1] : repaired[0];
  CHECK(admin.fails({{"type", "admin.tournament.result"},
                     {"tournament", tournament},
                     {"pairing", 999999},
                     {"result", "jigo"},
                     {"reason", "x"}})["code"] == "not_found");
  admin.ok({{"type", "admin.tournament.result"},
            {"tournament", tournament},
            {"pairing", game["id"]},
            {"result", "white_wins"},
            {"reason", "black did not come"}});
  CHECK(last_audit_action(admin) == "tournament.result");
  const Json after = admin.ok({{"type", "tournament.pairings"}, {"tournament", tournament}})["pairings"];
  for (const Json& p : after) {
    if (p["id"] != game["id"]) continue;
    CHECK(p["result"] == "white_wins");
    CHECK(p["how"] == "admin");
  }
  const Json standings = admin.ok({{"type", "tournament.standings"}, {"tournament", tournament}})["standings"];
  REQUIRE(standings.size() == 4);
  for (const Json& s : standings) {
    if (s["name"] == game["white"]) CHECK(s["score"] == 1);
    if (s["name"] == game["black"]) CHECK(s["score"] == 0);
  }
  // Players cannot use the admin requests.
  CHECK(dans[0].fails({{"type", "admin.tournament.repair"}, {"tournament", tournament}, {"reason", "x"}})["code"] ==
        "forbidden");
}
