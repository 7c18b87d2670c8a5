// A 12-player, 4-round Swiss in two groups on the real server, with a no-show forfeit in round 1 and a restart while
// round 3 waits: the final standings, tie-breaks and bonus points match what the games played give, every game was
// rated, and the exports list the same standings.
#include <catch2/catch.hpp>

#include <set>
#include <thread>
#include <tuple>

#include "tests/e2e/ranking/ranked_server.hpp"
#include "tests/e2e/server/game_helpers.hpp"
#include "tests/e2e/tournament/expected_standings.hpp"
#include "tests/e2e/tournament/standings_check.hpp"
#include "tools/client/http_get.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

struct Field {
  std::vector<Player> players;
  std::map<std::string, Player*> by_name;
  // The strength order of the script: the lower number wins every game.
  std::map<std::string, int> strength;
};

Field register_field(RankedServer& ranked) {
  Field field;
  field.players.reserve(12);
  for (const char* group : {"low", "high"}) {
    for (int i = 0; i < 6; ++i) {
      const std::string name = std::string(group) + std::to_string(i);
      field.players.push_back(ranked.registered(name, std::string(group) == "low" ? "8k" : "3k"));
      field.strength[name] = i;
    }
  }
  for (Player& p : field.players) field.by_name[p.name()] = &p;
  return field;
}

Json pairings(Player& admin, std::int64_t tournament, int round) {
  return admin.ok({{"type", "tournament.pairings"}, {"tournament", tournament}, {"round", round}})["pairings"];
}

// Asks until `done` holds for the round's pairings (the server moves on its own time).
Json wait_for_pairings(Player& admin, std::int64_t tournament, int round,
                       const std::function<bool(const Json&)>& done) {
  for (int attempt = 0; attempt < 600; ++attempt) {
    const Json info = admin.ok({{"type", "tournament.info"}, {"tournament", tournament}})["tournament"];
    if (info["round"].get<int>() >= round) {
      const Json list = pairings(admin, tournament, round);
      if (!list.empty() && done(list)) return list;
    }
    std::this_thread::sleep_for(50ms);
  }
  FAIL("round " << round << " did not reach the expected state");
  return {};
}

bool all_started(const Json& list) {
  for (const Json& p : list) {
    if (!p["white"].is_null() && p["game"].is_null()) return false;
  }
  return true;
}

bool all_decided(const Json& list) {
  for (const Json& p : list) {
    if (p["result"] == "pending") return false;
  }
  return true;
}

// Plays the round: in every game the weaker player of the script resigns, except against an absent player.
std::vector<PlayedGame> play_round(Field& field, Player& admin, std::int64_t tournament, int round,
                                   const std::string& absent = "") {
  const Json list = wait_for_pairings(admin, tournament, round, all_started);
  REQUIRE(list.size() == 6);
  std::vector<PlayedGame> played;
  for (const Json& p : list) {
    REQUIRE_FALSE(p["white"].is_null());  // six in each group: no byes
    const std::string black = p["black"], white = p["white"];
    const auto game = p["game"].get<std::int64_t>();
    CHECK(p["group"] == black.substr(0, black.size() - 1));
    CHECK(black.substr(0, black.size() - 1) == white.substr(0, white.size() - 1));
    if (black == absent || white == absent) {
      const std::string present = black == absent ? white : black;
      played.push_back({present, absent});
      continue;
    }
    const bool black_wins = field.strength[black] < field.strength[white];
    const std::string winner = black_wins ? black : white, loser = black_wins ? white : black;
    Player& resigner = *field.by_name[loser];
    resign_once_live(resigner, game);
    played.push_back({winner, loser});
  }
  const Json decided = wait_for_pairings(admin, tournament, round, all_decided);
  for (const Json& p : decided) {
    const std::string black = p["black"], white = p["white"];
    const bool forfeit = black == absent || white == absent;
    INFO(p.dump());
    CHECK(p["how"] == (forfeit ? "forfeit" : "played"));
    const std::string winner = p["result"] == "black_wins" ? black : white;
    bool expected = false;
    for (const auto& g : played) expected |= g.winner == winner && (g.loser == black || g.loser == white);
    CHECK(expected);
  }
  return played;
}

}  // namespace

TEST_CASE("a Swiss in two groups runs to the end through a no-show and a restart", "[tournament][e2e]") {
  RankedServer ranked;
  Player admin = ranked.admin();
  Field field = register_field(ranked);

  const Json created =
      admin.ok({{"type", "admin.tournament.create"},
                {"name", "Club Swiss"},
                {"system", "swiss"},
                {"groups", Json::array({{{"name", "low"}, {"min_rank", "10k"}, {"max_rank", "6k"}},
                                        {{"name", "high"}, {"min_rank", "5k"}, {"max_rank", "1d"}}})},
                {"settings", rated_settings()},
                {"rounds", 4},
                {"round_gap_s", 2},
                {"no_show_s", 10},  // room for twelve players to reconnect after the restart on a busy machine
                {"bonus", Json::array({3, 2, 1})}});
  const auto tournament = created["tournament"].get<std::int64_t>();
  CHECK(admin.ok({{"type", "tournament.list"}})["tournaments"][0]["name"] == "Club Swiss");

  for (Player& p : field.players) p.ok({{"type", "tournament.register"}, {"tournament", tournament}});
  CHECK(field.players[0].fails({{"type", "tournament.register"}, {"tournament", tournament}})["code"] == "conflict");
  CHECK(field.players[0].fails({{"type", "tournament.register"}, {"tournament", tournament + 50}})["code"] ==
        "not_found");
  CHECK(field.players[0].fails({{"type", "admin.tournament.start"}, {"tournament", tournament}})["code"] ==
        "forbidden");
  const Json info = admin.ok({{"type", "tournament.info"}, {"tournament", tournament}});
  REQUIRE(info["entrants"].size() == 12);

  // low5 stays away for round 1.
  Player& absent = *field.by_name["low5"];
  absent.drop();
  admin.ok({{"type", "admin.tournament.start"}, {"tournament", tournament}});
  CHECK(admin.fails({{"type", "admin.tournament.start"}, {"tournament", tournament}})["code"] == "conflict");

  std::vector<PlayedGame> games = play_round(field, admin, tournament, 1, "low5");
  // Every player present heard of their own game (as it started: the round was told ahead of it, with no game).
  for (Player& p : field.players) {
    if (&p == &absent) continue;
    const Json own =
        p.wait_event("tournament.pairing", [&](const Json& e) { return e["round"] == 1 && !e["game"].is_null(); });
    CHECK_FALSE(own["game"].is_null());
    CHECK_FALSE(own["opponent"].is_null());
  }
  absent.connect();
  absent.resume();

  auto more = play_round(field, admin, tournament, 2);
  games.insert(games.end(), more.begin(), more.end());

  // Round 3 is paired and waits for its start: the server goes down and comes back.
  const Json waiting = wait_for_pairings(admin, tournament, 3, [](const Json&) { return true; });
  REQUIRE(ranked.server.stop());
  REQUIRE(ranked.server.start());
  for (Player& p : field.players) {
    p.set_port(ranked.server.port());
    p.connect();
    p.resume();
  }
  admin.set_port(ranked.server.port());
  admin.connect();
  admin.resume();
  const Json after = pairings(admin, tournament, 3);
  REQUIRE(after.size() == waiting.size());
  for (std::size_t i = 0; i < after.size(); ++i) {
    CHECK(after[i]["black"] == waiting[i]["black"]);
    CHECK(after[i]["white"] == waiting[i]["white"]);
  }
  for (int round : {3, 4}) {
    more = play_round(field, admin, tournament, round);
    games.insert(games.end(), more.begin(), more.end());
  }

  // The tournament ends after its last round.
  Json standings;
  for (int attempt = 0; attempt < 200; ++attempt) {
    if (admin.ok({{"type", "tournament.info"}, {"tournament", tournament}})["tournament"]["status"] == "finished")
      break;
    std::this_thread::sleep_for(50ms);
  }
  REQUIRE(admin.ok({{"type", "tournament.info"}, {"tournament", tournament}})["tournament"]["status"] == "finished");
  standings = admin.ok({{"type", "tournament.standings"}, {"tournament", tournament}})["standings"];
  REQUIRE(standings.size() == 12);

  // No pair met twice; everyone played four games.
  std::set<std::pair<std::string, std::string>> pairs;
  std::map<std::string, int> played_count;
  for (const auto& g : games) {
    CHECK(pairs.insert(std::minmax(g.winner, g.loser)).second);
    ++played_count[g.winner];
    ++played_count[g.loser];
  }
  for (const auto& [name, count] : played_count) CHECK(count == 4);

  const auto expected = expected_standings(games);
  std::map<std::string, int> place_of = check_standings(standings, expected);
  for (const Json& s : standings) {
    INFO(s.dump());
    CHECK(s["rounds"].size() == 4);
    const int bonus = s["place"] == 1 ? 3 : s["place"] == 2 ? 2 : s["place"] == 3 ? 1 : 0;
    CHECK(s["bonus"] == bonus);
  }
  // By the script, the strongest of each group wins every game and low5 (absent, then always the weaker) none.
  CHECK(place_of["low0"] == 1);
  CHECK(place_of["high0"] == 1);
  CHECK(expected.at("low0").score == 4);
  CHECK(expected.at("high0").score == 4);
  CHECK(expected.at("low5").score == 0);
  // Within a group, a better score, SOS, SOSOS or SODOS never stands below a worse one.
  for (const Json& a : standings) {
    for (const Json& b : standings) {
      if (a["group"] != b["group"]) continue;
      const auto key = [](const Json& s) {
        return std::tuple{s["score"].get<double>(), s["sos"].get<double>(), s["sosos"].get<double>(),
                          s["sodos"].get<double>()};
      };
      if (key(a) > key(b)) CHECK(a["place"].get<int>() < b["place"].get<int>());
    }
  }

  // Every tournament game was rated: each player's rank block counts four games.
  for (const char* name : {"low0", "high3"}) {
    const Json progress = admin.ok({{"type", "user.info"}, {"name", name}})["rank_progress"];
    INFO(name << ": " << progress.dump());
    CHECK(progress["games"] == 4);
  }

  // The exports list the same standings.
  auto csv =
      yunzi::client::http_get("127.0.0.1", ranked.server.port(), "/tournaments/" + std::to_string(tournament) + ".csv");
  REQUIRE(csv);
  CHECK(csv->status == 200);
  CHECK(csv->body.starts_with("group,place,name,rank,score,wins,sos,sosos,sodos,bonus,r1,r2,r3,r4\r\n"));
  CHECK(csv->body.find("low,1,low0,8k,4,") != std::string::npos);
  auto h9 =
      yunzi::client::http_get("127.0.0.1", ranked.server.port(), "/tournaments/" + std::to_string(tournament) + ".h9");
  REQUIRE(h9);
  CHECK(h9->status == 200);
  CHECK(h9->body.find("; EV[Club Swiss]") != std::string::npos);
  const auto low0 = h9->body.find("\n 1 low0 ");  // numbers to the right of their column
  REQUIRE(low0 != std::string::npos);
  const std::string low0_line = h9->body.substr(low0 + 1, h9->body.find('\n', low0 + 1) - low0 - 1);
  CHECK(low0_line.find(" 8k ") != std::string::npos);
  CHECK(yunzi::client::http_get("127.0.0.1", ranked.server.port(), "/tournaments/999.h9")->status == 404);
}
