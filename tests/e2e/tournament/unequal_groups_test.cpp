// Groups of different sizes in a round robin and in a single elimination:
// each group plays its own table (a round robin of two one round, of four
// three; a bracket of two one round, of four two) and the tournament goes on
// until the largest group's table is done, the smaller group sitting out
// the rounds after its own last.
#include <catch2/catch.hpp>

#include <set>

#include "tests/e2e/tournament/tournament_support.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

std::int64_t create_in_two_groups(Player& admin, const std::string& system, int rounds) {
  return admin
      .ok({{"type", "admin.tournament.create"},
           {"name", "Two groups " + system},
           {"system", system},
           {"groups", Json::array({{{"name", "dan"}, {"min_rank", "1d"}, {"max_rank", "9d"}},
                                   {{"name", "kyu"}, {"min_rank", "10k"}, {"max_rank", "1k"}}})},
           {"settings", quick_settings()},
           {"rounds", rounds},
           {"round_gap_s", 0},
           {"no_show_s", 60}})["tournament"]
      .get<std::int64_t>();
}

// Two dans, four kyus; the stronger (the name sorts first: the earlier entrant of two 1d) wins.
Field enter_two_and_four(RankedServer& ranked, std::int64_t tournament) {
  return enter_field(ranked, tournament,
                     {{"d1", "1d"}, {"d2", "1d"}, {"k1", "1k"}, {"k2", "3k"}, {"k3", "5k"}, {"k4", "7k"}});
}

std::set<std::string> groups_in(const Json& list) {
  std::set<std::string> out;
  for (const Json& p : list) out.insert(p["group"].get<std::string>());
  return out;
}

}  // namespace

TEST_CASE("a round robin plays each group's whole table, the larger one to its end", "[tournament][e2e]") {
  RankedServer ranked;
  Player admin = ranked.admin();
  const auto tournament = create_in_two_groups(admin, "round_robin", 5);
  Field field = enter_two_and_four(ranked, tournament);
  admin.ok({{"type", "admin.tournament.start"}, {"tournament", tournament}});

  std::set<std::pair<std::string, std::string>> met;
  for (int round = 1; round <= 3; ++round) {
    const Json list = wait_round(admin, tournament, round, all_started);
    INFO("round " << round << ": " << list.dump());
    // The dans' table has one round; the kyus' three.
    CHECK(groups_in(list) == (round == 1 ? std::set<std::string>{"dan", "kyu"} : std::set<std::string>{"kyu"}));
    CHECK(list.size() == (round == 1 ? 3u : 2u));
    for (const Json& p : list) {
      CHECK(met.insert(std::minmax(p["black"].get<std::string>(), p["white"].get<std::string>())).second);
    }
    play_round(field, admin, tournament, round, earlier_name_wins);
  }
  CHECK(met.size() == 1 + 6);
  const Json info = wait_finished(admin, tournament);
  CHECK(info["round"] == 3);
}

TEST_CASE("a single elimination plays each group's bracket, the larger one to its final", "[tournament][e2e]") {
  RankedServer ranked;
  Player admin = ranked.admin();
  const auto tournament = create_in_two_groups(admin, "single_elimination", 5);
  Field field = enter_two_and_four(ranked, tournament);
  admin.ok({{"type", "admin.tournament.start"}, {"tournament", tournament}});

  const Json round1 = wait_round(admin, tournament, 1, all_started);
  CHECK(groups_in(round1) == std::set<std::string>{"dan", "kyu"});
  CHECK(round1.size() == 3);
  play_round(field, admin, tournament, 1, earlier_name_wins);
  // The dans' bracket is decided; the kyus' final is k1 against k2 (seeds 1 and 2), the weaker in black.
  const Json round2 = wait_round(admin, tournament, 2, all_started);
  REQUIRE(round2.size() == 1);
  CHECK(round2[0]["group"] == "kyu");
  CHECK(round2[0]["black"] == "k2");
  CHECK(round2[0]["white"] == "k1");
  play_round(field, admin, tournament, 2, earlier_name_wins);

  const Json info = wait_finished(admin, tournament);
  CHECK(info["round"] == 2);
  const Json standings = admin.ok({{"type", "tournament.standings"}, {"tournament", tournament}})["standings"];
  for (const Json& s : standings) {
    if (s["place"] == 1) CHECK((s["name"] == "d1" || s["name"] == "k1"));
  }
}
