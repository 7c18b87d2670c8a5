// The wait between rounds of reconnect attempts: doubling, capped, jittered.
#include "server/cluster/reconnect_delay.hpp"

#include <catch2/catch.hpp>

using yunzi::cluster::reconnect_delay;
using ms = std::chrono::milliseconds;

TEST_CASE("the reconnect delay doubles each round up to its cap", "[cluster][reconnect]") {
  const ms base(250);
  const ms cap(2000);
  // With the random part at its top, each round's whole delay.
  CHECK(reconnect_delay(1, base, cap, 0.999999) == ms(249));
  CHECK(reconnect_delay(2, base, cap, 0.999999) == ms(499));
  CHECK(reconnect_delay(3, base, cap, 0.999999) == ms(999));
  CHECK(reconnect_delay(4, base, cap, 0.999999) == ms(1999));
  CHECK(reconnect_delay(5, base, cap, 0.999999) == ms(1999));
  // A long outage neither overflows nor passes the cap.
  CHECK(reconnect_delay(1000000, base, cap, 0.999999) == ms(1999));
}

TEST_CASE("the reconnect delay's jitter keeps it between half and all of the round's wait", "[cluster][reconnect]") {
  const ms base(250);
  const ms cap(2000);
  CHECK(reconnect_delay(1, base, cap, 0.0) == ms(125));
  CHECK(reconnect_delay(3, base, cap, 0.0) == ms(500));
  CHECK(reconnect_delay(9, base, cap, 0.0) == ms(1000));
  CHECK(reconnect_delay(3, base, cap, 0.5) == ms(750));
  for (int round = 1; round < 12; ++round) {
    for (double random : {0.0, 0.1, 0.37, 0.5, 0.9, 0.999}) {
      const ms delay = reconnect_delay(round, base, cap, random);
      CHECK(delay >= ms(125));
      CHECK(delay <= cap);
    }
  }
}

TEST_CASE("the reconnect delay is never zero and its cap never below its base", "[cluster][reconnect]") {
  CHECK(reconnect_delay(1, ms(0), ms(0), 0.0) == ms(1));
  CHECK(reconnect_delay(3, ms(400), ms(100), 0.0) == ms(200));   // the cap is lifted to the base
  CHECK(reconnect_delay(0, ms(250), ms(2000), 2.0) == ms(250));  // out-of-range inputs are clamped
}
