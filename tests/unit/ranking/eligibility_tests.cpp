#include <catch2/catch.hpp>

#include "server/ranking/eligibility.hpp"
#include "tests/unit/ranking/ranking_test_support.hpp"

using namespace yunzi;
using namespace yunzi::ranking;
using yunzi::ranking::test::rank_of;

namespace {
RatedGameRequest request(const char* first, const char* second, int handicap = 0) {
  RatedGameRequest r;
  r.first = rank_of(first);
  r.second = rank_of(second);
  r.handicap = handicap;
  return r;
}
}  // namespace

TEST_CASE("same rank plays even with nigiri and komi 7.5", "[ranking][eligibility]") {
  const auto terms = rated_terms(request("3d", "3d"));
  REQUIRE(terms.has_value());
  CHECK(terms->nigiri);
  CHECK_FALSE(terms->black.has_value());
  CHECK(terms->komi == 7.5);
  CHECK(terms->handicap == 0);
}

TEST_CASE("one step apart plays even or 让先 with the weaker player black", "[ranking][eligibility]") {
  const auto even = rated_terms(request("1k", "1d"));
  REQUIRE(even.has_value());
  CHECK(even->nigiri);
  CHECK(even->komi == 7.5);

  const auto weaker_first = rated_terms(request("1k", "1d", 1));
  REQUIRE(weaker_first.has_value());
  CHECK_FALSE(weaker_first->nigiri);
  CHECK(weaker_first->black == Seat::first);
  CHECK(weaker_first->komi == 0.5);

  const auto weaker_second = rated_terms(request("5d", "4d", 1));
  REQUIRE(weaker_second.has_value());
  CHECK(weaker_second->black == Seat::second);
}

TEST_CASE("rated games refuse what the rules forbid", "[ranking][eligibility]") {
  RatedGameRequest small = request("3d", "3d");
  small.board_size = 13;
  RatedGameRequest busy_first = request("3d", "3d");
  busy_first.first_has_rated_game_in_progress = true;
  RatedGameRequest busy_second = request("3d", "3d");
  busy_second.second_has_rated_game_in_progress = true;
  const auto bad = GENERATE_COPY(small, busy_first, busy_second, request("1k", "2d"), request("3d", "3d", 1),
                                 request("2d", "3d", 2), request("2d", "3d", -1));
  CAPTURE(bad.board_size, to_string(bad.first), to_string(bad.second), bad.handicap);
  const auto terms = rated_terms(bad);
  REQUIRE_FALSE(terms.has_value());
  CHECK(terms.error().code == RankingErrorCode::not_rated_eligible);
  CHECK_FALSE(terms.error().message.empty());
}

TEST_CASE("rated games use situational superko; other ko rules are friendly only", "[ranking][eligibility]") {
  CHECK_FALSE(rated_ko_refusal(yunzi::engine::KoRule::situational).has_value());
  CHECK(rated_terms(request("3d", "3d")).has_value());  // the default request is situational
  for (const auto rule : {yunzi::engine::KoRule::simple, yunzi::engine::KoRule::positional}) {
    const auto refusal = rated_ko_refusal(rule);
    REQUIRE(refusal.has_value());
    CHECK(refusal->code == RankingErrorCode::not_rated_eligible);
    CHECK_THAT(refusal->message, Catch::Contains("situational superko"));
    CHECK_THAT(refusal->message, Catch::Contains(std::string(yunzi::engine::to_string(rule))));

    RatedGameRequest with_rule = request("3d", "3d");
    with_rule.ko = rule;
    const auto terms = rated_terms(with_rule);
    REQUIRE_FALSE(terms.has_value());
    CHECK(terms.error().message == refusal->message);
  }
}

TEST_CASE("the TOM table keeps rated games one step apart", "[ranking][eligibility]") {
  CHECK(rank_gap_allowed(tom_rank_gap, rank_of("1k"), rank_of("1d")));
  CHECK_FALSE(rank_gap_allowed(tom_rank_gap, rank_of("1d"), rank_of("3d")));
  CHECK_FALSE(rank_gap_allowed(tom_rank_gap, rank_of("6d"), rank_of("9d")));
  const auto refused = rated_terms(request("1d", "3d"));
  REQUIRE_FALSE(refused.has_value());
  CHECK_THAT(refused.error().message, Catch::Contains("at most one step apart"));
}

TEST_CASE("the association lets dan players two dan apart, and anyone dan against a 9d, play rated",
          "[ranking][eligibility]") {
  struct Row {
    const char* first;
    const char* second;
    bool allowed;
  };
  const auto row = GENERATE(Row{"1d", "3d", true}, Row{"7d", "5d", true}, Row{"1d", "4d", false}, Row{"6d", "9d", true},
                            Row{"1d", "9d", true}, Row{"9d", "9d", true}, Row{"1k", "1d", true}, Row{"2k", "1d", false},
                            Row{"3k", "1k", false}, Row{"1k", "9d", false}, Row{"8d", "4d", false});
  CAPTURE(row.first, row.second);
  CHECK(rank_gap_allowed(association_rank_gap, rank_of(row.first), rank_of(row.second)) == row.allowed);
  RatedGameRequest r = request(row.first, row.second);
  r.rank_gap = association_rank_gap;
  const auto terms = rated_terms(r);
  CHECK(terms.has_value() == row.allowed);
  if (!row.allowed) CHECK_THAT(terms.error().message, Catch::Contains("two dan apart"));
}

TEST_CASE("让先 two dan apart under the association: the weaker player takes black", "[ranking][eligibility]") {
  RatedGameRequest r = request("3d", "1d", 1);
  r.rank_gap = association_rank_gap;
  const auto terms = rated_terms(r);
  REQUIRE(terms.has_value());
  CHECK(terms->black == Seat::second);
  CHECK(terms->komi == 0.5);
}
