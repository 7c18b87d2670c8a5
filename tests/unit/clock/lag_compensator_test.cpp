#include <catch2/catch.hpp>

#include <vector>

#include "server/clock/lag_compensator.hpp"

using namespace yunzi;
using namespace yunzi::clock;

TEST_CASE("one-way lag is half the median round trip", "[clock][lag]") {
  CHECK(one_way_lag_ms(std::vector<std::int64_t>{}) == 0);
  CHECK(one_way_lag_ms(std::vector<std::int64_t>{80}) == 40);
  CHECK(one_way_lag_ms(std::vector<std::int64_t>{5'000, 100, 120}) == 60);  // one slow ping ignored
  CHECK(one_way_lag_ms(std::vector<std::int64_t>{100, 200}) == 75);
  CHECK(one_way_lag_ms(std::vector<std::int64_t>{-50, -10, -20}) == 0);
}

TEST_CASE("each move is credited with the lag, at most 1000 ms", "[clock][lag]") {
  LagCompensator lag;
  CHECK(lag.remaining_ms() == 10'000);
  CHECK(lag.credit(150, 5'000) == 150);
  CHECK(lag.credit(2'500, 5'000) == 1'000);
  CHECK(lag.credit(-30, 5'000) == 0);
  CHECK(lag.credit(400, 250) == 250);  // cannot credit more than the turn took
  CHECK(lag.remaining_ms() == 10'000 - 150 - 1'000 - 250);
}

TEST_CASE("the quota of 10 s a game runs out", "[clock][lag]") {
  LagCompensator lag;
  for (int i = 0; i < 9; ++i) REQUIRE(lag.credit(1'000, 60'000) == 1'000);
  CHECK(lag.credit(700, 60'000) == 700);
  CHECK(lag.credit(1'000, 60'000) == 300);
  CHECK(lag.remaining_ms() == 0);
  CHECK(lag.credit(1'000, 60'000) == 0);
  CHECK(lag.credit(10, 60'000) == 0);
}

TEST_CASE("a rebuilt compensator keeps the used quota", "[clock][lag]") {
  LagCompensator lag(600);
  CHECK(lag.credit(1'000, 60'000) == 600);
  CHECK(lag.credit(1'000, 60'000) == 0);
  CHECK(LagCompensator(-5).remaining_ms() == 0);
  CHECK(LagCompensator(50'000).remaining_ms() == 10'000);
}
