// A group with a single entrant, on the real server: the 升段赛 preset with
// three 1d players and one 3d starts and plays to its end; the lone 3d has a
// bye each round and, having played no game, takes no bonus points, while
// the 1d group plays its games. Also the tie-breaks and pairing methods an
// organiser chooses, as tournament.info and the standings show them.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "tests/e2e/tournament/tournament_support.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

const Script first_named_wins = [](const std::string& black, const std::string& white) {
  return black < white ? black : white;
};

const Json* standing_of(const Json& standings, const std::string& name) {
  for (const Json& s : standings) {
    if (s["name"] == name) return &s;
  }
  return nullptr;
}

}  // namespace

TEST_CASE("a group of one in a promotion tournament has a bye each round while the others play", "[tournament][e2e]") {
  RankedServer ranked;
  Player admin = ranked.admin();
  const auto tournament = admin
                              .ok({{"type", "admin.tournament.create"},
                                   {"name", "升段赛 small"},
                                   {"preset", "promotion"},
                                   {"settings", quick_settings()},
                                   {"rounds", 2},
                                   {"round_gap_s", 0},
                                   {"no_show_s", 60}})["tournament"]
                              .get<std::int64_t>();
  // Players sign up at 1d at most: cao is made 3d by the admin before entering.
  Player cao = ranked.registered("cao", "1d");
  set_rank(admin, cao, "3d");
  cao.ok({{"type", "tournament.register"}, {"tournament", tournament}});
  Field field = enter_field(ranked, tournament, {{"ann", "1d"}, {"bob", "1d"}, {"dai", "1d"}});
  field.by_name["cao"] = &cao;
  admin.ok({{"type", "admin.tournament.start"}, {"tournament", tournament}});

  for (int round = 1; round <= 2; ++round) {
    INFO("round " << round);
    const Json list = wait_round(admin, tournament, round, all_started);
    REQUIRE(list.size() == 3);  // the 1d group's game and bye, and cao's bye
    const auto byes = byes_in(list);
    CHECK(byes.size() == 2);
    CHECK(std::count(byes.begin(), byes.end(), "cao") == 1);
    for (const Json& p : list) CHECK(p["group"] == (p["black"] == "cao" ? "3d" : "1d"));
    play_round(field, admin, tournament, round, first_named_wins);
  }
  const Json finished = wait_finished(admin, tournament);
  CHECK(finished["round"] == 2);

  const Json standings = admin.ok({{"type", "tournament.standings"}, {"tournament", tournament}})["standings"];
  const Json* lone = standing_of(standings, "cao");
  REQUIRE(lone);
  CHECK((*lone)["group"] == "3d");
  CHECK((*lone)["place"] == 1);
  CHECK((*lone)["score"] == 2);  // two byes, each worth a win
  CHECK((*lone)["bonus"] == 0);  // no game played: no bonus points
  int first_in_1d = 0;
  for (const Json& s : standings) {
    if (s["group"] != "1d" || s["place"] != 1) continue;
    ++first_in_1d;
    CHECK(s["bonus"] == 3);  // a bye and a game: the place earns its points
  }
  CHECK(first_in_1d >= 1);
}

TEST_CASE("the organiser's tie-breaks and pairing methods are kept, shown and checked", "[tournament][e2e]") {
  RankedServer ranked;
  Player admin = ranked.admin();
  Json create = {{"type", "admin.tournament.create"},
                 {"name", "Club Swiss"},
                 {"settings", quick_settings()},
                 {"rounds", 3},
                 {"tie_breaks", Json::array({"direct", "sos-1", "mos", "wins"})},
                 {"pairing", "fold"},
                 {"first_round_pairing", "slide"}};
  const auto tournament = admin.ok(create)["tournament"].get<std::int64_t>();
  Json info = tournament_info(admin, tournament);
  CHECK(info["tie_breaks"] == Json::array({"direct", "sos-1", "mos", "wins"}));
  CHECK(info["pairing"] == "fold");
  CHECK(info["first_round_pairing"] == "slide");

  admin.ok({{"type", "admin.tournament.edit"}, {"tournament", tournament}, {"tie_breaks", Json::array({"sos-2"})}});
  info = tournament_info(admin, tournament);
  CHECK(info["tie_breaks"] == Json::array({"sos-2"}));
  CHECK(info["pairing"] == "fold");

  for (const Json& bad : {Json::array({"sos", "sos"}), Json::array({"buchholz"}), Json("sos"), Json::array({1})}) {
    INFO(bad.dump());
    create["tie_breaks"] = bad;
    const Json refused = admin.fails(create);
    CHECK(refused["code"] == "bad_request");
    CHECK(refused["message"].get<std::string>().find("tie_breaks") != std::string::npos);
  }
  create["tie_breaks"] = Json::array({"sos"});
  create["pairing"] = "random";
  CHECK(admin.fails(create)["code"] == "bad_request");

  // Slide in round 1 over four players, strongest first: 1-3 and 2-4.
  Field field = enter_field(ranked, tournament, {{"p1", "1d"}, {"p2", "1k"}, {"p3", "2k"}, {"p4", "3k"}});
  admin.ok({{"type", "admin.tournament.edit"}, {"tournament", tournament}, {"round_gap_s", 0}});
  admin.ok({{"type", "admin.tournament.start"}, {"tournament", tournament}});
  const Json first = wait_round(admin, tournament, 1, all_started);
  REQUIRE(first.size() == 2);
  for (const Json& p : first) {
    const std::set<std::string> pair{p["black"].get<std::string>(), p["white"].get<std::string>()};
    CHECK((pair == std::set<std::string>{"p1", "p3"} || pair == std::set<std::string>{"p2", "p4"}));
  }
  const Json standings = admin.ok({{"type", "tournament.standings"}, {"tournament", tournament}})["standings"];
  REQUIRE_FALSE(standings.empty());
  for (const char* key : {"sos-1", "sos-2", "mos"}) CHECK(standings[0].contains(key));
}
