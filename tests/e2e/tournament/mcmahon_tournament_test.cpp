// A McMahon with a bar (2k) and a floor (6k) on the real server: six players
// of spread ranks start with clamp(rank, floor, bar) - floor points (1d and
// 2k level at 4, 3k 3, 5k 1, 6k and 9k at 0). Round 1 is paired on those
// starting scores; round 2 on start plus wins, which pairs it otherwise than
// a Swiss would; the final scores include the starting scores.
#include <catch2/catch.hpp>

#include <algorithm>

#include "tests/e2e/tournament/tournament_support.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

// Black and white of each game, in the order the server lists them (its pairing order).
std::vector<std::pair<std::string, std::string>> colours_of(const Json& list) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const Json& p : list) {
    REQUIRE_FALSE(p["white"].is_null());  // six players: no bye
    out.emplace_back(p["black"], p["white"]);
  }
  return out;
}

}  // namespace

TEST_CASE("a McMahon pairs and scores from the starting scores of its bar and floor", "[tournament][e2e]") {
  RankedServer ranked;
  Player admin = ranked.admin();
  const auto tournament = admin
                              .ok({{"type", "admin.tournament.create"},
                                   {"name", "McMahon night"},
                                   {"system", "mcmahon"},
                                   {"mcmahon_bar", "2k"},
                                   {"mcmahon_floor", "6k"},
                                   {"settings", quick_settings()},
                                   {"rounds", 2},
                                   {"round_gap_s", 0},
                                   {"no_show_s", 60}})["tournament"]
                              .get<std::int64_t>();
  Field field =
      enter_field(ranked, tournament,
                  {{"mc1d", "1d"}, {"mc2k", "2k"}, {"mc3k", "3k"}, {"mc5k", "5k"}, {"mc6k", "6k"}, {"mc9k", "9k"}});
  // Rank indices (18k = 1 ... 1d = 19): 1d 19 and 2k 17 clamp to the bar 17, 6k 13 is the floor, 9k 10 clamps to it.
  const std::map<std::string, int> starts{{"mc1d", 4}, {"mc2k", 4}, {"mc3k", 3}, {"mc5k", 1}, {"mc6k", 0}, {"mc9k", 0}};
  const Json created = tournament_info(admin, tournament);
  CHECK(created["mcmahon_bar"] == "2k");
  CHECK(created["mcmahon_floor"] == "6k");
  admin.ok({{"type", "admin.tournament.start"}, {"tournament", tournament}});

  // Round 1, by starting score: 1d meets the other player at 4, 3k (3) the nearest below, 5k (1); 6k and 9k
  // (both 0) meet. Nobody has a colour yet: the weaker takes black.
  using Games = std::vector<std::pair<std::string, std::string>>;
  const Json round1 = wait_round(admin, tournament, 1, all_started);
  CHECK(colours_of(round1) == Games{{"mc2k", "mc1d"}, {"mc5k", "mc3k"}, {"mc9k", "mc6k"}});
  // The favourites win round 1: 1d 5, 2k 4, 3k 4, 5k 1, 6k 1, 9k 0.
  const Script stronger_wins = [](const std::string& black, const std::string& white) {
    const std::vector<std::string> order{"mc1d", "mc2k", "mc3k", "mc5k", "mc6k", "mc9k"};
    return std::find(order.begin(), order.end(), black) < std::find(order.begin(), order.end(), white) ? black : white;
  };
  std::vector<PlayedGame> games = play_round(field, admin, tournament, 1, stronger_wins);

  // Round 2, by start plus wins (1d 5; 2k, 3k 4; 5k, 6k 1; 9k 0): 2k-3k and 5k-6k keep their score groups,
  // so only 1d and 9k, each alone in theirs, cross: one game across groups where 1d-3k, 2k-6k, 5k-9k
  // would make three. Colours: the one with more blacks takes white.
  const Json round2 = wait_round(admin, tournament, 2, all_started);
  CHECK(colours_of(round2) == Games{{"mc1d", "mc9k"}, {"mc3k", "mc2k"}, {"mc6k", "mc5k"}});
  const auto more = play_round(field, admin, tournament, 2, stronger_wins);
  games.insert(games.end(), more.begin(), more.end());

  const Json info = wait_finished(admin, tournament);
  CHECK(info["round"] == 2);
  const Json standings = admin.ok({{"type", "tournament.standings"}, {"tournament", tournament}})["standings"];
  const auto expected = expected_standings(games, {{}, starts});
  // By hand: scores are start plus wins; SOS sums the opponents' scores (starts included).
  CHECK(expected.at("mc1d").score == 6);
  CHECK(expected.at("mc2k").score == 5);
  CHECK(expected.at("mc3k").score == 4);
  CHECK(expected.at("mc5k").score == 2);
  CHECK(expected.at("mc6k").score == 1);
  CHECK(expected.at("mc9k").score == 0);
  CHECK(expected.at("mc1d").sos == 5);  // 2k 5 + 9k 0
  CHECK(expected.at("mc9k").sos == 7);  // 6k 1 + 1d 6
  const auto place_of = check_standings(standings, expected);
  CHECK(place_of ==
        std::map<std::string, int>{{"mc1d", 1}, {"mc2k", 2}, {"mc3k", 3}, {"mc5k", 4}, {"mc6k", 5}, {"mc9k", 6}});
}
