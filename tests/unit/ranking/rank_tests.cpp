#include <catch2/catch.hpp>

#include "server/ranking/bracket.hpp"
#include "server/ranking/rank.hpp"
#include "server/ranking/rated_game.hpp"
#include "tests/unit/ranking/ranking_test_support.hpp"

using namespace yunzi;
using namespace yunzi::ranking;
using yunzi::ranking::test::rank_of;

TEST_CASE("every rank prints and parses back to its index", "[ranking][rank]") {
  for (int index = Rank::lowest_index; index <= Rank::highest_index; ++index) {
    const Rank rank = *Rank::from_index(index);
    const auto parsed = parse_rank(to_string(rank));
    REQUIRE(parsed.has_value());
    CHECK(parsed->index() == index);
  }
  CHECK(to_string(*Rank::from_index(1)) == "18k");
  CHECK(to_string(*Rank::from_index(18)) == "1k");
  CHECK(to_string(*Rank::from_index(19)) == "1d");
  CHECK(to_string(*Rank::from_index(27)) == "9d");
  CHECK_FALSE(Rank::from_index(0).has_value());
  CHECK_FALSE(Rank::from_index(28).has_value());
}

TEST_CASE("rank parsing refuses what is not a rank", "[ranking][rank]") {
  const auto text = GENERATE(as<std::string>{}, "", "k", "0k", "19k", "10d", "0d", "07k", "+3d", "3x", "3 d", "3dd",
                             "-1k", "100k", "d3");
  CAPTURE(text);
  CHECK_FALSE(parse_rank(text).has_value());
  const auto error = parse_rank_or_error(text);
  REQUIRE_FALSE(error.has_value());
  CHECK(error.error().code == RankingErrorCode::bad_rank);
}

TEST_CASE("rank parsing accepts upper-case suffixes", "[ranking][rank]") {
  CHECK(rank_of("3D") == Rank::dan(3));
  CHECK(rank_of("12K") == Rank::kyu(12));
}

TEST_CASE("ranks are ordered from 18k to 9d", "[ranking][rank]") {
  CHECK(rank_of("18k") < rank_of("17k"));
  CHECK(rank_of("1k") < rank_of("1d"));
  CHECK(rank_of("1d") < rank_of("9d"));
  CHECK(steps_between(rank_of("2k"), rank_of("2d")) == 3);
}

TEST_CASE("rank steps cross from kyu to dan and stop at the ends", "[ranking][rank]") {
  struct Row {
    const char* from;
    int steps;
    const char* to;
  };
  const auto row =
      GENERATE(Row{"1k", 1, "1d"}, Row{"1k", 2, "2d"}, Row{"2d", -2, "1k"}, Row{"1d", -1, "1k"}, Row{"9d", 1, "9d"},
               Row{"8d", 2, "9d"}, Row{"18k", -1, "18k"}, Row{"17k", -2, "18k"}, Row{"5k", 0, "5k"});
  CAPTURE(row.from, row.steps);
  CHECK(to_string(rank_of(row.from) + row.steps) == row.to);
  CHECK(to_string(rank_of(row.from) - (-row.steps)) == row.to);
}

TEST_CASE("registration accepts 10k..1d only", "[ranking][rank]") {
  CHECK(*parse_registration_rank("10k") == Rank::kyu(10));
  CHECK(*parse_registration_rank("1k") == Rank::kyu(1));
  CHECK(*parse_registration_rank("1d") == Rank::dan(1));
  for (const char* outside : {"11k", "18k", "2d", "9d"}) {
    const auto result = parse_registration_rank(outside);
    REQUIRE_FALSE(result.has_value());
    CHECK(result.error().code == RankingErrorCode::outside_registration_range);
  }
  CHECK(parse_registration_rank("x").error().code == RankingErrorCode::bad_rank);
}

TEST_CASE("the bracket table holds the TOM numbers", "[ranking][rank]") {
  struct Row {
    const char* rank;
    int size, up2, up1, down1, down2;
  };
  const auto row = GENERATE(Row{"18k", 15, 14, 10, 4, 1}, Row{"1k", 15, 14, 10, 4, 1}, Row{"1d", 20, 18, 14, 6, 2},
                            Row{"4d", 20, 18, 14, 6, 2}, Row{"5d", 20, 20, 15, 7, 3}, Row{"9d", 20, 20, 15, 7, 3});
  CAPTURE(row.rank);
  const Bracket& bracket = bracket_for(rank_of(row.rank));
  CHECK(bracket.block_size == row.size);
  CHECK(bracket.promote_two_at == row.up2);
  CHECK(bracket.promote_one_at == row.up1);
  CHECK(bracket.demote_one_at == row.down1);
  CHECK(bracket.demote_two_at == row.down2);
}

TEST_CASE("change reasons have stable names", "[ranking][rank]") {
  for (auto reason : {ChangeReason::promotion, ChangeReason::demotion, ChangeReason::admin,
                      ChangeReason::recommendation, ChangeReason::revocation, ChangeReason::annulment}) {
    CHECK(parse_change_reason(to_string(reason)) == reason);
  }
  CHECK(to_string(ChangeReason::promotion) == "promotion");
  CHECK_FALSE(parse_change_reason("Promotion").has_value());
}
