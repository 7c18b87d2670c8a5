// A single elimination of six on the real server: the bracket of eight
// seeds by rank (1 v 8, 4 v 5, 2 v 7, 3 v 6), so seeds 1 and 2 have round 1
// byes; the weaker of a pair takes black; a loser is never paired again;
// the tournament asks for six rounds but ends by itself after the final,
// whose winner stands first. Two upsets carry seed 5 to the title.
#include <catch2/catch.hpp>

#include <set>

#include "tests/e2e/tournament/tournament_support.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

using Games = std::set<std::pair<std::string, std::string>>;  // black, white

Games games_in(const Json& list) {
  Games out;
  for (const Json& p : list) {
    if (!p["white"].is_null()) out.emplace(p["black"], p["white"]);
  }
  return out;
}

std::set<std::string> names_in(const Json& list) {
  std::set<std::string> out;
  for (const Json& p : list) {
    out.insert(p["black"].get<std::string>());
    if (!p["white"].is_null()) out.insert(p["white"].get<std::string>());
  }
  return out;
}

}  // namespace

TEST_CASE("a single elimination drops its losers and ends with the final", "[tournament][e2e]") {
  RankedServer ranked;
  Player admin = ranked.admin();
  const auto tournament = admin
                              .ok({{"type", "admin.tournament.create"},
                                   {"name", "Knockout"},
                                   {"system", "single_elimination"},
                                   {"settings", quick_settings()},
                                   {"rounds", 6},
                                   {"round_gap_s", 0},
                                   {"no_show_s", 60}})["tournament"]
                              .get<std::int64_t>();
  // Seeds 1 to 6 by rank.
  Field field = enter_field(
      ranked, tournament,
      {{"s1_1d", "1d"}, {"s2_1k", "1k"}, {"s3_2k", "2k"}, {"s4_3k", "3k"}, {"s5_4k", "4k"}, {"s6_5k", "5k"}});
  admin.ok({{"type", "admin.tournament.start"}, {"tournament", tournament}});

  // The script: seed 5 beats seed 4 and then seed 1 and seed 2; otherwise the higher seed wins.
  const Script script = [](const std::string& black, const std::string& white) {
    if (black == "s5_4k" || white == "s5_4k") return std::string("s5_4k");
    return black < white ? black : white;  // the names sort by seed
  };

  const Json round1 = wait_round(admin, tournament, 1, all_started);
  CHECK(games_in(round1) == Games{{"s5_4k", "s4_3k"}, {"s6_5k", "s3_2k"}});
  auto byes = byes_in(round1);
  CHECK(std::set<std::string>(byes.begin(), byes.end()) == std::set<std::string>{"s1_1d", "s2_1k"});
  std::vector<std::vector<PlayedGame>> played{play_round(field, admin, tournament, 1, script)};

  const Json round2 = wait_round(admin, tournament, 2, all_started);
  CHECK(games_in(round2) == Games{{"s5_4k", "s1_1d"}, {"s3_2k", "s2_1k"}});
  CHECK(byes_in(round2).empty());
  played.push_back(play_round(field, admin, tournament, 2, script));

  const Json round3 = wait_round(admin, tournament, 3, all_started);
  CHECK(games_in(round3) == Games{{"s5_4k", "s2_1k"}});
  CHECK(byes_in(round3).empty());
  played.push_back(play_round(field, admin, tournament, 3, script));

  // Nobody who lost is in a later round.
  const std::vector<Json> rounds{round1, round2, round3};
  std::set<std::string> knocked_out;
  std::vector<PlayedGame> games;
  for (std::size_t r = 0; r < rounds.size(); ++r) {
    for (const std::string& name : names_in(rounds[r])) CHECK(knocked_out.count(name) == 0);
    for (const PlayedGame& g : played[r]) knocked_out.insert(g.loser);
    games.insert(games.end(), played[r].begin(), played[r].end());
  }
  CHECK(knocked_out.size() == 5);

  const Json info = wait_finished(admin, tournament);
  CHECK(info["round"] == 3);
  CHECK(admin.fails({{"type", "tournament.pairings"}, {"tournament", tournament}, {"round", 4}})["code"] ==
        "not_found");

  const Json standings = admin.ok({{"type", "tournament.standings"}, {"tournament", tournament}})["standings"];
  const auto expected = expected_standings(games, {{"s1_1d", "s2_1k"}, {}});
  // By hand: seed 5 won three games; seed 2 a bye and a game; seed 1 the bye; seed 3 one game.
  CHECK(expected.at("s5_4k").score == 3);
  CHECK(expected.at("s2_1k").score == 2);
  CHECK(expected.at("s1_1d").score == 1);
  CHECK(expected.at("s3_2k").score == 1);
  CHECK(expected.at("s1_1d").sos == 3);  // the bye's virtual opponent 0, seed 5's 3
  CHECK(expected.at("s3_2k").sos == 2);  // seed 6's 0, seed 2's 2
  const auto place_of = check_standings(standings, expected);
  CHECK(place_of ==
        std::map<std::string, int>{{"s5_4k", 1}, {"s2_1k", 2}, {"s1_1d", 3}, {"s3_2k", 4}, {"s4_3k", 5}, {"s6_5k", 6}});
  // A player knocked out has no game in the rounds after.
  for (const Json& s : standings) {
    if (s["name"] != "s4_3k") continue;
    REQUIRE(s["rounds"].size() == 3);
    CHECK(s["rounds"][0]["result"] == "-");
    CHECK(s["rounds"][1]["result"] == "");
    CHECK(s["rounds"][2]["result"] == "");
  }
}

// A bye in a bracket takes the player on like a win, whatever the
// tournament's bye_points say: with byes worth nothing, the champion with a
// first-round bye would stand level on points with the finalist they beat
// and below them on SOSOS.
TEST_CASE("the winner of an elimination's final stands first even with byes worth nothing", "[tournament][e2e]") {
  RankedServer ranked;
  Player admin = ranked.admin();
  const auto tournament = admin
                              .ok({{"type", "admin.tournament.create"},
                                   {"name", "Knockout of three"},
                                   {"system", "single_elimination"},
                                   {"settings", quick_settings()},
                                   {"rounds", 2},
                                   {"bye_points", 0},
                                   {"round_gap_s", 0},
                                   {"no_show_s", 60}})["tournament"]
                              .get<std::int64_t>();
  Field field = enter_field(ranked, tournament, {{"t1_1d", "1d"}, {"t2_2k", "2k"}, {"t3_5k", "5k"}});
  admin.ok({{"type", "admin.tournament.start"}, {"tournament", tournament}});

  // Round 1: seed 1 has the bye, seed 3 beats seed 2; the final: seed 1 beats seed 3.
  const Script script = [](const std::string& black, const std::string& white) {
    if (black == "t1_1d" || white == "t1_1d") return std::string("t1_1d");
    return std::string("t3_5k");
  };
  const Json round1 = wait_round(admin, tournament, 1, all_started);
  CHECK(byes_in(round1) == std::vector<std::string>{"t1_1d"});
  auto games = play_round(field, admin, tournament, 1, script);
  const Json final_round = wait_round(admin, tournament, 2, all_started);
  REQUIRE(final_round.size() == 1);
  CHECK(final_round[0]["black"] == "t3_5k");
  CHECK(final_round[0]["white"] == "t1_1d");
  const auto more = play_round(field, admin, tournament, 2, script);
  games.insert(games.end(), more.begin(), more.end());
  wait_finished(admin, tournament);

  const Json standings = admin.ok({{"type", "tournament.standings"}, {"tournament", tournament}})["standings"];
  // The bye counted as a win: seed 1 two points, seed 3 one, seed 2 none.
  const auto expected = expected_standings(games, {{"t1_1d"}, {}});
  CHECK(expected.at("t1_1d").score == 2);
  CHECK(expected.at("t3_5k").score == 1);
  const auto place_of = check_standings(standings, expected);
  CHECK(place_of == std::map<std::string, int>{{"t1_1d", 1}, {"t3_5k", 2}, {"t2_2k", 3}});
}
