#include <catch2/catch.hpp>
#include <string>

#include "server/ranking/association.hpp"
#include "tests/unit/ranking/ranking_test_support.hpp"

using namespace yunzi::ranking;
using namespace yunzi::ranking::test;

namespace {

constexpr UnixSeconds june_1 = 1717200000;  // 2024-06-01 00:00 UTC

// One letter per game (W or L), against opponents of the given rank.
std::vector<RatedGame> against(const char* opponent, std::string_view script, GameId first_id = 1) {
  std::vector<RatedGame> games = games_from(script, first_id);
  for (RatedGame& g : games) {
    g.opponent_rank = rank_of(opponent);
    g.finished_at = june_1 - 86'400 * 10 + g.id;
  }
  return games;
}

void append(std::vector<RatedGame>& to, const std::vector<RatedGame>& more) { to.insert(to.end(), more.begin(), more.end()); }

}  // namespace

TEST_CASE("responsibility games score by the rank difference", "[ranking][association]") {
  struct Row {
    const char* own;
    const char* opponent;
    int win, loss;
  };
  const auto row = GENERATE(Row{"5d", "3d", 80, 20}, Row{"5d", "4d", 85, 25}, Row{"5d", "5d", 90, 30},
                            Row{"5d", "6d", 95, 35}, Row{"5d", "7d", 100, 40}, Row{"1d", "3d", 100, 40},
                            Row{"9d", "7d", 80, 20});
  CAPTURE(row.own, row.opponent);
  CHECK(game_score(rank_of(row.own), rank_of(row.opponent), true) == row.win);
  CHECK(game_score(rank_of(row.own), rank_of(row.opponent), false) == row.loss);
}

TEST_CASE("only dan players at most 2 dan apart play responsibility games", "[ranking][association]") {
  CHECK(is_responsibility_game(rank_of("3d"), rank_of("1d")));
  CHECK_FALSE(is_responsibility_game(rank_of("4d"), rank_of("1d")));
  CHECK_FALSE(is_responsibility_game(rank_of("1d"), rank_of("1k")));
  CHECK_FALSE(is_responsibility_game(rank_of("2k"), rank_of("1k")));
  CHECK_FALSE(game_score(rank_of("6d"), rank_of("9d"), true).has_value());
}

TEST_CASE("the average windows grow by 2 games per dan", "[ranking][association]") {
  struct Row {
    const char* rank;
    int a, b, c;
  };
  const auto row = GENERATE(Row{"1d", 12, 16, 20}, Row{"2d", 14, 18, 22}, Row{"8d", 26, 30, 34});
  const auto windows = promotion_windows(rank_of(row.rank));
  CHECK(windows[0].games == row.a);
  CHECK(windows[1].games == row.b);
  CHECK(windows[2].games == row.c);
  CHECK(windows[0].threshold_tenths == 750);
  CHECK(windows[1].threshold_tenths == 700);
  CHECK(windows[2].threshold_tenths == 675);
}

TEST_CASE("promotion when an average reaches its threshold, to the tenth", "[ranking][association]") {
  const Rank one_dan = rank_of("1d");
  SECTION("75 over 12: 9 wins and 3 losses against equals, exactly") {
    const auto standing = association_standing(one_dan, against("1d", "LLLWWWWWWWWW"), june_1);
    REQUIRE(standing.reached.has_value());
    CHECK(standing.reached->games == 12);
    CHECK(standing.wins == 9);
    CHECK_FALSE(association_standing(one_dan, against("1d", "LLLLWWWWWWWW"), june_1).reached.has_value());
  }
  SECTION("70 over 16: 11 wins of 16, not 10") {
    auto games = against("1d", "WWWWWWWWWWWLLLLL");  // the last 12 average 65
    const auto standing = association_standing(one_dan, games, june_1);
    REQUIRE(standing.reached.has_value());
    CHECK(standing.reached->games == 16);
    games[0].outcome = Outcome::loss;
    CHECK_FALSE(association_standing(one_dan, games, june_1).reached.has_value());
  }
  SECTION("67.5 over 20: a sum of exactly 1350") {
    std::vector<RatedGame> games = against("1d", "WWWWWWWWWWW", 1);  // 11 x 90
    append(games, against("3d", "W", 12));                          // 100
    append(games, against("1d", "LLLL", 13));                       // 4 x 30
    append(games, against("2d", "LLLL", 17));                       // 4 x 35
    const auto standing = association_standing(one_dan, games, june_1);
    REQUIRE(standing.reached.has_value());
    CHECK(standing.reached->games == 20);
    games.back().opponent_rank = rank_of("1d");  // 1345: 67.25
    CHECK_FALSE(association_standing(one_dan, games, june_1).reached.has_value());
  }
  SECTION("games outside the rules are left out of the averages") {
    auto games = against("1d", "WWWWWWWWWLLL");
    games.insert(games.begin() + 3, against("4d", "L", 50).front());  // 3 dan apart
    games.insert(games.begin() + 3, game(51, Outcome::draw));
    games[0].converted = true;
    CHECK_FALSE(association_standing(one_dan, games, june_1).reached.has_value());
    games[0].converted = false;
    CHECK(association_standing(one_dan, games, june_1).scores.size() == 12);
    CHECK(association_standing(one_dan, games, june_1).reached.has_value());
  }
}

TEST_CASE("the monthly job publishes promotions from games before its date", "[ranking][association]") {
  AssociationPlayer ready{1, rank_of("1d"), against("1d", "WWWWWWWWWWWW")};
  AssociationPlayer late{2, rank_of("1d"), against("1d", "WWWWWWWWWWWW")};
  late.games_at_rank.back().finished_at = june_1;  // after the publication moment
  AssociationPlayer weak{3, rank_of("2d"), against("2d", "WWWWWWWWWWWWLLLLLLLL")};
  AssociationPlayer top{4, rank_of("9d"), against("9d", std::string(40, 'W'))};
  AssociationPlayer kyu{5, rank_of("1k"), against("1k", std::string(20, 'W'))};
  const std::vector<AssociationPlayer> players{ready, late, weak, top, kyu};

  const auto promotions = monthly_promotions(players, june_1);
  REQUIRE(promotions.size() == 1);
  CHECK(promotions[0].player == 1);
  CHECK(promotions[0].change == RankChange{rank_of("1d"), rank_of("2d"), ChangeReason::promotion, std::nullopt});

  const auto a_second_later = monthly_promotions(players, june_1 + 1);
  CHECK(a_second_later.size() == 2);
}

TEST_CASE("there is no demotion under the association policy", "[ranking][association]") {
  const std::vector<AssociationPlayer> losing{{1, rank_of("5d"), against("5d", std::string(40, 'L'))}};
  CHECK(monthly_promotions(losing, june_1).empty());
}
