// A stored tournament read through the pairing and standings rules, shown as
// standings with the cross-table and exported as CSV and h9; the values are
// worked out by hand from a four-player, two-round tournament.
#include <catch2/catch.hpp>

#include <set>

#include "server/http/tournament_csv.hpp"
#include "server/http/tournament_h9.hpp"
#include "server/stored_tournaments/tournament_rounds.hpp"
#include "server/stored_tournaments/tournament_views.hpp"

using namespace yunzi;
using namespace yunzi::http;
using namespace yunzi::stored_tournaments;

namespace {

// a beats b and c; c beats d; b and d draw. Scores a 2, c 1, b 0.5, d 0.5.
db::StoredTournament two_rounds_played() {
  db::StoredTournament t;
  t.id = 5;
  t.settings.name = "Club night";
  t.settings.komi = 6.5;
  t.settings.rounds = 2;
  t.settings.groups = {{11, "open", *Rank::from_index(1), *Rank::from_index(27)}};
  t.settings.bonus_points = {{1, 3}, {2, 2}, {3, 1}};
  t.status = "finished";
  t.current_round = 2;
  for (int i = 0; i < 4; ++i) {
    t.entrants.push_back(
        {i + 1, std::string(1, static_cast<char>('a' + i)), 11, *Rank::from_index(15), 1, std::nullopt, i});
  }
  t.pairings = {{1, 11, 1, 1, 2, 101, "black_wins", "played", 1},
                {2, 11, 1, 3, 4, 102, "black_wins", "played", 1},
                {3, 11, 2, 3, 1, 103, "white_wins", "played", 2},
                {4, 11, 2, 2, 4, 104, "jigo", "played", 2}};
  return t;
}

}  // namespace

TEST_CASE("standings and tie-breaks of a stored tournament, with the bonus table", "[app][tournament]") {
  const auto standings = standings_of(two_rounds_played());
  REQUIRE(standings.size() == 4);
  struct Expected {
    const char* name;
    int place;
    double score, sos, sosos, sodos;
    int bonus;
  };
  const Expected expected[] = {{"a", 1, 2, 1.5, 5, 1.5, 3},
                               {"c", 2, 1, 2.5, 3, 0.5, 2},
                               {"b", 3, 0.5, 2.5, 3, 0.25, 1},
                               {"d", 4, 0.5, 1.5, 5, 0.25, 0}};
  for (std::size_t i = 0; i < 4; ++i) {
    INFO(expected[i].name);
    CHECK(standings[i].name == expected[i].name);
    CHECK(standings[i].place == expected[i].place);
    CHECK(standings[i].score == expected[i].score);
    CHECK(standings[i].sos == expected[i].sos);
    CHECK(standings[i].sosos == expected[i].sosos);
    CHECK(standings[i].sodos == expected[i].sodos);
    CHECK(standings[i].bonus == expected[i].bonus);
  }
  // b's line of the cross-table: lost to a (1st) with white, drew with d (4th) with black.
  REQUIRE(standings[2].rounds.size() == 2);
  CHECK(standings[2].rounds[0].opponent_place == 1);
  CHECK(standings[2].rounds[0].color == "w");
  CHECK(standings[2].rounds[0].result == "-");
  CHECK(standings[2].rounds[1].opponent_place == 4);
  CHECK(standings[2].rounds[1].result == "=");

  db::StoredTournament running = two_rounds_played();
  running.status = "running";
  for (const auto& s : standings_of(running)) CHECK(s.bonus == 0);
}

TEST_CASE("the exports list the standings and each round by opponent line", "[app][tournament]") {
  const db::StoredTournament t = two_rounds_played();
  CHECK(standings_csv(t) ==
        "group,place,name,rank,score,wins,sos,sosos,sodos,bonus,r1,r2\r\n"
        "open,1,a,4k,2,2,1.5,5,1.5,3,3+/b,2+/w\r\n"
        "open,2,c,4k,1,1,2.5,3,0.5,2,4+/b,1-/b\r\n"
        "open,3,b,4k,0.5,0,2.5,3,0.25,1,1-/w,4=/b\r\n"
        "open,4,d,4k,0.5,0,1.5,5,0.25,0,2-/w,3=/w\r\n");
  // The EGF file: even games as /b0 and /w0, each column as wide as its widest entry.
  const std::string h9 = standings_h9(t, {});
  CHECK(h9.starts_with("; EV[Club night]\n"));
  CHECK(h9.find("\n; KM[6.5]\n") != std::string::npos);
  CHECK(h9.find("\n; HA[h0]\n") != std::string::npos);  // even games
  CHECK(h9.find("\n1 a 4k CN yunzi   2 1.5  1.5 3+/b0 2+/w0\n") != std::string::npos);
  CHECK(h9.find("\n4 d 4k CN yunzi 0.5 1.5 0.25 2-/w0 3=/w0\n") != std::string::npos);
}

TEST_CASE("the next round is paired without repeats, group by group", "[app][tournament]") {
  db::StoredTournament t = two_rounds_played();
  t.status = "running";
  auto third = pair_round(t, 3);
  REQUIRE(third);
  REQUIRE(third->size() == 2);
  std::set<std::pair<UserId, UserId>> met;
  for (const auto& p : t.pairings) met.insert(std::minmax(p.black_id, *p.white_id));
  for (const auto& p : *third) {
    REQUIRE(p.white_id);
    CHECK(p.group_id == 11);
    CHECK(p.round == 3);
    CHECK_FALSE(met.count(std::minmax(p.black_id, *p.white_id)));
  }
  // A round paired again (before it starts) ignores its own earlier pairing.
  t.pairings.push_back({9, 11, 3, 1, 4, std::nullopt, "pending", "", std::nullopt});
  t.pairings.push_back({10, 11, 3, 2, 3, std::nullopt, "pending", "", std::nullopt});
  auto again = pair_round(t, 3);
  REQUIRE(again);
  CHECK(again->size() == 2);
  // Everybody has met everybody after round 3: no round 4 without a repeat.
  db::StoredTournament done = t;
  done.pairings.pop_back();
  done.pairings.pop_back();
  for (const auto& p : *third) {
    done.pairings.push_back({20, 11, 3, p.black_id, p.white_id, std::nullopt, "black_wins", "played", 3});
  }
  CHECK_FALSE(pair_round(done, 4));
}

TEST_CASE("the promotion preset places ranks in its four groups", "[app][tournament]") {
  db::TournamentSettings s;
  s.groups = promotion_groups();
  for (std::size_t i = 0; i < s.groups.size(); ++i) s.groups[i].id = static_cast<std::int64_t>(i) + 1;
  CHECK(s.groups.size() == 4);
  CHECK(group_for_rank(s, Rank::dan(1)) == 1);  // 1d
  CHECK(group_for_rank(s, Rank::dan(2)) == 2);
  CHECK(group_for_rank(s, Rank::dan(3)) == 3);
  CHECK(group_for_rank(s, Rank::dan(4)) == 4);   // 4d
  CHECK(group_for_rank(s, Rank::dan(9)) == 4);   // 9d
  CHECK_FALSE(group_for_rank(s, Rank::kyu(1)));  // 1k
  auto outcome_of = [](const char* sgf) { return outcome_of_result(*yunzi::parse_sgf_result(sgf)); };
  CHECK(outcome_of("B+R") == "black_wins");
  CHECK(outcome_of("W+F") == "white_wins");
  CHECK(outcome_of("B+3.5") == "black_wins");
  CHECK(outcome_of("0") == "jigo");
  CHECK(outcome_of("Void") == "both_lose");
  CHECK(pairing_how(*yunzi::parse_sgf_result("W+F")) == "forfeit");
  CHECK(pairing_how(*yunzi::parse_sgf_result("W+T")) == "played");
}
