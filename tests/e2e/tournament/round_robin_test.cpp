// A round robin of five on the real server: with an odd count every round
// has one bye, and over five rounds every pair meets exactly once and every
// player sits out once; colours never stand more than one apart. The
// tournament asks for nine rounds but ends by itself after the fifth, the
// last the table holds; the standings (a bye worth a win) match the games.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <set>

#include "tests/e2e/tournament/tournament_support.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

TEST_CASE("a round robin of five meets every pair once and ends after its table", "[tournament][e2e]") {
  RankedServer ranked;
  Player admin = ranked.admin();
  const auto tournament = admin
                              .ok({{"type", "admin.tournament.create"},
                                   {"name", "Round robin"},
                                   {"system", "round_robin"},
                                   {"settings", quick_settings()},
                                   {"rounds", 9},
                                   {"round_gap_s", 0},
                                   {"no_show_s", 60}})["tournament"]
                              .get<std::int64_t>();
  const std::vector<std::string> order{"rr1d", "rr2k", "rr4k", "rr6k", "rr8k"};
  Field field =
      enter_field(ranked, tournament, {{"rr1d", "1d"}, {"rr2k", "2k"}, {"rr4k", "4k"}, {"rr6k", "6k"}, {"rr8k", "8k"}});
  admin.ok({{"type", "admin.tournament.start"}, {"tournament", tournament}});

  // The stronger player wins, except that 8k beats 1d.
  const Script script = [&](const std::string& black, const std::string& white) {
    const std::set<std::string> upset{black, white};
    if (upset == std::set<std::string>{"rr1d", "rr8k"}) return std::string("rr8k");
    return std::find(order.begin(), order.end(), black) < std::find(order.begin(), order.end(), white) ? black : white;
  };
  std::vector<PlayedGame> games;
  std::vector<std::string> byes;
  std::set<std::pair<std::string, std::string>> met;
  std::map<std::string, int> balance;  // blacks minus whites
  for (int round = 1; round <= 5; ++round) {
    const Json list = wait_round(admin, tournament, round, all_started);
    INFO("round " << round << ": " << list.dump());
    REQUIRE(list.size() == 3);
    const auto round_byes = byes_in(list);
    REQUIRE(round_byes.size() == 1);
    byes.push_back(round_byes[0]);
    for (const Json& p : list) {
      if (p["white"].is_null()) continue;
      CHECK(met.insert(std::minmax(p["black"].get<std::string>(), p["white"].get<std::string>())).second);
      ++balance[p["black"]];
      --balance[p["white"]];
    }
    for (const auto& [name, b] : balance) CHECK(std::abs(b) <= 1);
    const auto played = play_round(field, admin, tournament, round, script);
    games.insert(games.end(), played.begin(), played.end());
  }
  CHECK(met.size() == 10);  // all pairs of five
  CHECK(std::set<std::string>(byes.begin(), byes.end()) == std::set<std::string>(order.begin(), order.end()));

  const Json info = wait_finished(admin, tournament);
  CHECK(info["round"] == 5);
  CHECK(info["rounds"] == 9);
  CHECK(admin.fails({{"type", "tournament.pairings"}, {"tournament", tournament}, {"round", 6}})["code"] ==
        "not_found");

  const Json standings = admin.ok({{"type", "tournament.standings"}, {"tournament", tournament}})["standings"];
  const auto expected = expected_standings(games, {byes, {}});
  // By hand: 1d beat all but 8k, 2k all but 1d (three wins and the bye each); 8k beat only 1d.
  CHECK(expected.at("rr1d").score == 4);
  CHECK(expected.at("rr2k").score == 4);
  CHECK(expected.at("rr4k").score == 3);
  CHECK(expected.at("rr6k").score == 2);
  CHECK(expected.at("rr8k").score == 2);
  CHECK(expected.at("rr1d").wins == 3);
  // Everyone met everyone else, so the SOS is the total 15 less the own score and the SOSOS the total SOS 60
  // less the own SOS: 1d and 2k are level on both; SODOS parts them (1d beat 4 + 3 + 2, 2k 3 + 2 + 2), as it
  // parts 8k (beat 1d, 4) from 6k (beat 8k, 2).
  CHECK(expected.at("rr1d").sos == 11);
  CHECK(expected.at("rr2k").sos == 11);
  CHECK(expected.at("rr1d").sosos == 49);
  CHECK(expected.at("rr2k").sosos == 49);
  CHECK(expected.at("rr1d").sodos == 9);
  CHECK(expected.at("rr2k").sodos == 7);
  const auto place_of = check_standings(standings, expected);
  CHECK(place_of == std::map<std::string, int>{{"rr1d", 1}, {"rr2k", 2}, {"rr4k", 3}, {"rr8k", 4}, {"rr6k", 5}});
  for (const Json& s : standings) {
    INFO(s.dump());
    REQUIRE(s["rounds"].size() == 5);
    int bye_cells = 0;
    for (const Json& cell : s["rounds"]) bye_cells += cell["result"] == "bye" ? 1 : 0;
    CHECK(bye_cells == 1);
  }
}

// The table stays when a player withdraws: the rest of their games are lost
// by forfeit without being played (no game is made for them), so the
// others win them, and their bye in a later round scores nothing (a round
// they do not play); the tournament still ends after its table.
TEST_CASE("a withdrawn player's remaining round robin games are forfeits and a later bye scores nothing",
          "[tournament][e2e]") {
  RankedServer ranked;
  Player admin = ranked.admin();
  const auto tournament = admin
                              .ok({{"type", "admin.tournament.create"},
                                   {"name", "Round robin with a withdrawal"},
                                   {"system", "round_robin"},
                                   {"settings", quick_settings()},
                                   {"rounds", 5},
                                   {"round_gap_s", 0},
                                   {"no_show_s", 60}})["tournament"]
                              .get<std::int64_t>();
  Field field =
      enter_field(ranked, tournament, {{"rw1d", "1d"}, {"rw2k", "2k"}, {"rw4k", "4k"}, {"rw6k", "6k"}, {"rw8k", "8k"}});
  admin.ok({{"type", "admin.tournament.start"}, {"tournament", tournament}});

  // 2k withdraws while round 1 is played, and still plays (and loses) its round 1 game.
  const Json round1 = wait_round(admin, tournament, 1, all_started);
  Player& leaver = *field.by_name["rw2k"];
  leaver.ok({{"type", "tournament.withdraw"}, {"tournament", tournament}});
  const Script stronger_wins_but_2k_loses = [](const std::string& black, const std::string& white) {
    if (black == "rw2k") return white;
    if (white == "rw2k") return black;
    return black < white ? black : white;  // the names sort by rank
  };
  std::vector<PlayedGame> games = play_round(field, admin, tournament, 1, stronger_wins_but_2k_loses);
  // The leaver's round 1 game did start: take its game.start, so that any later one stands out below.
  for (const Json& p : round1) {
    if (p["black"] == "rw2k" || p["white"] == "rw2k") {
      leaver.wait_event("game.start", [&p](const Json& e) { return e["game"] == p["game"]; });
    }
  }
  std::vector<std::string> byes = byes_in(round1);
  REQUIRE(byes.size() == 1);
  CHECK(byes[0] != "rw2k");

  // Later rounds: the leaver's pairing is decided at the round's start, the other games are played.
  const auto ready = [](const Json& list) {
    for (const Json& p : list) {
      if (p["game"].is_null() && p["result"] == "pending") return false;
    }
    return !list.empty();
  };
  bool leaver_bye = false;
  for (int round = 2; round <= 5; ++round) {
    const Json list = wait_round(admin, tournament, round, ready);
    INFO("round " << round << ": " << list.dump());
    REQUIRE(list.size() == 3);
    for (const Json& p : list) {
      const std::string black = p["black"];
      if (p["white"].is_null()) {
        if (black == "rw2k") leaver_bye = true;
        else byes.push_back(black);
        continue;
      }
      const std::string white = p["white"];
      if (black == "rw2k" || white == "rw2k") {
        CHECK(p["game"].is_null());
        CHECK(p["how"] == "forfeit");
        CHECK(p["result"] == (black == "rw2k" ? "white_wins" : "black_wins"));
        games.push_back({black == "rw2k" ? white : black, "rw2k"});
        continue;
      }
      const std::string winner = stronger_wins_but_2k_loses(black, white);
      resign_once_live(*field.by_name[winner == black ? white : black], p["game"]);
      games.push_back({winner, winner == black ? white : black});
    }
    wait_round(admin, tournament, round, all_decided);
  }
  CHECK(leaver_bye);  // seed 2 sits out round 4
  // The rounds as announced: the forfeits are decided, and nobody is told of a game that will not come.
  for (Player& p : field.players) {
    if (&p == &leaver) continue;
    const Json last = p.wait_event("tournament.round", [](const Json& e) { return e["round"] == 5; });
    for (const Json& pairing : last["pairings"]) {
      INFO(p.name() << ": " << last.dump());
      if (pairing["white"].is_null()) continue;
      const bool forfeit = pairing["black"] == "rw2k" || pairing["white"] == "rw2k";
      CHECK(pairing["result"] == (forfeit ? (pairing["black"] == "rw2k" ? "white_wins" : "black_wins") : "pending"));
      CHECK(pairing["how"] == (forfeit ? "forfeit" : ""));
      CHECK(pairing["game"].is_null() == forfeit);
    }
    for (const Json& frame : p.queued_frames()) {
      if (frame["type"] != "tournament.pairing") continue;
      INFO(p.name() << ": " << frame.dump());
      CHECK((!frame["game"].is_null() || frame["bye"] == true));
    }
  }
  CHECK(leaver.no_event("game.start", 200ms));
  const Json info = wait_finished(admin, tournament);
  CHECK(info["round"] == 5);
  const auto expected = expected_standings(games, {byes, {}});
  CHECK(expected.at("rw2k").score == 0);
  CHECK(expected.at("rw1d").score == 5);  // four games won and the bye
  check_standings(admin.ok({{"type", "tournament.standings"}, {"tournament", tournament}})["standings"], expected);
}
