#include <catch2/catch.hpp>
#include <string>

#include "server/ranking/association.hpp"
#include "tests/unit/ranking/ranking_test_support.hpp"

using namespace yunzi;
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

void append(std::vector<RatedGame>& to, const std::vector<RatedGame>& more) {
  to.insert(to.end(), more.begin(), more.end());
}

}  // namespace

TEST_CASE("responsibility games score by the rank difference", "[ranking][association]") {
  struct Row {
    const char* own;
    const char* opponent;
    int win, loss;
  };
  const auto row =
      GENERATE(Row{"5d", "3d", 80, 20}, Row{"5d", "4d", 85, 25}, Row{"5d", "5d", 90, 30}, Row{"5d", "6d", 95, 35},
               Row{"5d", "7d", 100, 40}, Row{"1d", "3d", 100, 40}, Row{"9d", "7d", 80, 20});
  CAPTURE(row.own, row.opponent);
  CHECK(game_score(rank_of(row.own), rank_of(row.opponent), true) == row.win);
  CHECK(game_score(rank_of(row.own), rank_of(row.opponent), false) == row.loss);
}

TEST_CASE("dan players at most 2 dan apart, or against a 9d, play responsibility games", "[ranking][association]") {
  CHECK(is_responsibility_game(rank_of("3d"), rank_of("1d")));
  CHECK_FALSE(is_responsibility_game(rank_of("4d"), rank_of("1d")));
  CHECK_FALSE(is_responsibility_game(rank_of("1d"), rank_of("1k")));
  CHECK_FALSE(is_responsibility_game(rank_of("2k"), rank_of("1k")));
  CHECK_FALSE(game_score(rank_of("6d"), rank_of("1d"), true).has_value());
  // Games with a 9d count whatever the gap, scored as two dan apart.
  CHECK(is_responsibility_game(rank_of("6d"), rank_of("9d")));
  CHECK(game_score(rank_of("6d"), rank_of("9d"), true) == 100);
  CHECK(game_score(rank_of("9d"), rank_of("1d"), false) == 20);
}

TEST_CASE("the scores per game are a setting", "[ranking][association]") {
  const auto scores = parse_score_table("70/10,80/20,90/30,100/40,110/50");
  CHECK_FALSE(scores.has_value());  // 110 is above the 100 a game can score
  const auto table = parse_score_table("70/10,80/20,90/30,95/40,100/50");
  REQUIRE(table.has_value());
  CHECK(to_spec(*table) == "70/10,80/20,90/30,95/40,100/50");
  CHECK(to_spec(default_association_scores) == "80/20,85/25,90/30,95/35,100/40");
  CHECK(game_score(rank_of("5d"), rank_of("3d"), true, *table) == 70);
  CHECK(game_score(rank_of("5d"), rank_of("7d"), false, *table) == 50);
  for (const char* bad : {"", "80/20", "80/20,85/25,90/30,95/35,100/40,1/1", "80-20,85/25,90/30,95/35,100/40",
                          "80/20,85/25,90/30,95/35,100/x", "80/20,,90/30,95/35,100/40"}) {
    CAPTURE(bad);
    CHECK_FALSE(parse_score_table(bad).has_value());
  }

  // Twelve wins against equals score 12 x 60 under a table that gives 60: below 75.
  AssociationRules stingy;
  stingy.scores = *parse_score_table("80/20,85/25,60/30,95/35,100/40");
  CHECK(association_standing(rank_of("1d"), against("1d", "WWWWWWWWWWWW"), june_1).reached.has_value());
  CHECK_FALSE(association_standing(rank_of("1d"), against("1d", "WWWWWWWWWWWW"), june_1, stingy).reached.has_value());
}

TEST_CASE("the block reading judges the latest complete group of N games", "[ranking][association]") {
  AssociationRules block;
  block.reading = AverageReading::block;
  CHECK(parse_average_reading("block") == AverageReading::block);
  CHECK(parse_average_reading("sliding") == AverageReading::sliding);
  CHECK_FALSE(parse_average_reading("rolling").has_value());
  // Four losses, then twelve wins: the last twelve average 90, but the first
  // group of twelve (4 losses, 8 wins) averages 70 and the second group is not
  // complete; the one group of sixteen averages 75, above its 70.
  const auto games = against("1d", "LLLLWWWWWWWWWWWW");
  const auto sliding = association_standing(rank_of("1d"), games, june_1);
  REQUIRE(sliding.reached.has_value());
  CHECK(sliding.reached->games == 12);
  const auto grouped = association_standing(rank_of("1d"), games, june_1, block);
  REQUIRE(grouped.reached.has_value());
  CHECK(grouped.reached->games == 16);
  const auto fifteen = association_standing(rank_of("1d"), against("1d", "LLLLWWWWWWWWWWW"), june_1, block);
  CHECK_FALSE(fifteen.reached.has_value());
  CHECK(association_standing(rank_of("1d"), against("1d", "LLLLWWWWWWWWWWW"), june_1).reached.has_value());
}

TEST_CASE("demotion is a setting, off by default", "[ranking][association]") {
  struct Good {
    const char* text;
    std::optional<int> tenths;
  };
  for (const Good good : {Good{"none", std::nullopt}, Good{"40", 400}, Good{"67.5", 675}, Good{"0", 0}}) {
    CAPTURE(good.text);
    const auto parsed = parse_demotion_average(good.text);
    REQUIRE(parsed.has_value());
    CHECK(*parsed == good.tenths);
  }
  for (const char* bad : {"", "-1", "100.5", "40.25", "forty", "40.", ".5"}) {
    CAPTURE(bad);
    CHECK_FALSE(parse_demotion_average(bad).has_value());
  }
  CHECK(demotion_average_spec(std::nullopt) == "none");
  CHECK(demotion_average_spec(675) == "67.5");

  AssociationRules demoting;
  demoting.demotion_below_tenths = 400;
  // 24 games at 3d (the longest window): 24 losses against equals average 30.
  const std::vector<AssociationPlayer> losing{{1, rank_of("3d"), against("3d", std::string(24, 'L'))},
                                              {2, rank_of("1d"), against("1d", std::string(20, 'L'))},
                                              {3, rank_of("3d"), against("3d", std::string(23, 'L'))},
                                              {4, rank_of("4d"), against("4d", "WWWWW" + std::string(21, 'L'))}};
  CHECK(monthly_promotions(losing, june_1).empty());
  const auto changes = monthly_promotions(losing, june_1, demoting);
  // 1d is the floor, 23 games are not yet a window, and 5 x 90 + 21 x 30 = 1080 over 26 is 41.5.
  REQUIRE(changes.size() == 1);
  CHECK(changes[0].player == 1);
  CHECK(changes[0].change == RankChange{rank_of("3d"), rank_of("2d"), ChangeReason::demotion, std::nullopt});
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
    append(games, against("3d", "W", 12));                           // 100
    append(games, against("1d", "LLLL", 13));                        // 4 x 30
    append(games, against("2d", "LLLL", 17));                        // 4 x 35
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
  AssociationPlayer ready{1, rank_of("1d"), against("1d", "WWWWWWWWWWWW"), {}};
  AssociationPlayer late{2, rank_of("1d"), against("1d", "WWWWWWWWWWWW"), {}};
  late.games_at_rank.back().finished_at = june_1;  // after the publication moment
  AssociationPlayer weak{3, rank_of("2d"), against("2d", "WWWWWWWWWWWWLLLLLLLL"), {}};
  AssociationPlayer top{4, rank_of("9d"), against("9d", std::string(40, 'W')), {}};
  AssociationPlayer kyu{5, rank_of("1k"), against("1k", std::string(20, 'W')), {}};
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

TEST_CASE("tournament bonus points raise every window's average", "[ranking][association]") {
  // Eight wins and four losses against equals: (8 x 90 + 4 x 30) / 12 = 70, below 75.
  const auto games = against("1d", "WWWWLLLLWWWW");
  CHECK_FALSE(association_standing(rank_of("1d"), games, june_1).reached.has_value());

  const std::vector<BonusAward> four{{4, june_1 - 100}};
  const auto short_by_one = association_standing(rank_of("1d"), games, june_1, {}, four);
  CHECK(short_by_one.bonus_points == 4);
  CHECK_FALSE(short_by_one.reached.has_value());

  const std::vector<BonusAward> five{{3, june_1 - 100}, {2, june_1 - 50}};
  const auto enough = association_standing(rank_of("1d"), games, june_1, {}, five);
  CHECK(enough.bonus_points == 5);
  REQUIRE(enough.reached.has_value());
  CHECK(enough.reached->games == 12);

  // An award after the publication moment waits for the next one.
  const std::vector<BonusAward> late{{3, june_1 - 100}, {2, june_1}};
  CHECK_FALSE(association_standing(rank_of("1d"), games, june_1, {}, late).reached.has_value());

  // Points never stand in for games: with fewer games than a window holds, nothing is reached.
  const std::vector<BonusAward> many{{50, june_1 - 100}};
  CHECK_FALSE(association_standing(rank_of("1d"), against("1d", "WWWWWWWWWWW"), june_1, {}, many).reached.has_value());

  AssociationPlayer bonus_player{1, rank_of("1d"), games, five};
  AssociationPlayer without{2, rank_of("1d"), games, {}};
  const std::vector<AssociationPlayer> players{bonus_player, without};
  const auto promotions = monthly_promotions(players, june_1);
  REQUIRE(promotions.size() == 1);
  CHECK(promotions[0].player == 1);
}

TEST_CASE("bonus points keep a player above the demotion bar", "[ranking][association]") {
  AssociationRules demoting;
  demoting.demotion_below_tenths = 600;
  // 2d's longest window is 22 games. Ten wins and twelve losses against equals:
  // (10 x 90 + 12 x 30) / 22 = 57.3, below 60; three bonus points make it 60.3.
  const auto games = against("2d", "WWWWWWWWWWLLLLLLLLLLLL");
  CHECK(association_standing(rank_of("2d"), games, june_1, demoting).below_demotion_bar);
  const std::vector<BonusAward> three{{3, june_1 - 100}};
  CHECK_FALSE(association_standing(rank_of("2d"), games, june_1, demoting, three).below_demotion_bar);
}
