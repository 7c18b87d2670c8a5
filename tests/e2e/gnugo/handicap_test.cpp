// fixed_handicap on yunzi-gtp and GNU Go: the same stones for every count
// and board size, and the same refusals.
#include <catch2/catch.hpp>

#include "tests/e2e/gnugo/gnugo_pair.hpp"

using namespace yunzi;
using namespace yunzi::gnugo_test;
using yunzi::engine::Color;

TEST_CASE("fixed_handicap places the stones GNU Go places", "[gnugo]") {
  if (!gnugo_available()) {
    WARN("GNU Go is not installed at " << gnugo_path());
    return;
  }
  EnginePair pair = start_pair(yunzi::engine::KoRule::situational, 1);
  int compared = 0;
  for (int size = 7; size <= 19; ++size) {
    for (int count = 0; count <= 10; ++count) {
      INFO("size " << size << ", " << count << " stones");
      pair.new_game(size);
      const std::string command = "fixed_handicap " + std::to_string(count);
      auto ours = pair.yunzi.send(command);
      auto theirs = pair.gnugo.send(command);
      REQUIRE(ours.has_value() == theirs.has_value());
      if (!ours) continue;
      CHECK(word_set(*ours) == word_set(*theirs));
      CHECK(word_set(*ours).size() == static_cast<std::size_t>(count));
      CHECK(pair.stones(Color::black) == word_set(*ours));
      CHECK(pair.stones(Color::white).empty());
      ++compared;
    }
  }
  // Every count 2..9 on 9, 11, 13, 15, 17, 19 and 2..4 on 7 and the even sizes.
  CHECK(compared == 6 * 8 + 7 * 3);
  REQUIRE(pair.yunzi.quit().has_value());
  REQUIRE(pair.gnugo.quit().has_value());
}
