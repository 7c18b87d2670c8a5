#include <catch2/catch.hpp>

#include "server/ranking/eligibility.hpp"
#include "tests/unit/ranking/ranking_test_support.hpp"

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
  const auto terms = rated_terms(bad);
  REQUIRE_FALSE(terms.has_value());
  CHECK(terms.error().code == RankingErrorCode::not_rated_eligible);
  CHECK_FALSE(terms.error().message.empty());
}
