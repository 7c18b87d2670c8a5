// yunzi-gtp's genmove against GNU Go on 9x9, each engine a real process
// driven through GtpProcess: every move either engine generates must be
// accepted by the other, and both must end with the same board.
#include <catch2/catch.hpp>
#include <iostream>

#include "tests/e2e/gnugo/gnugo_pair.hpp"

using namespace yunzi;
using namespace yunzi::gnugo_test;
using yunzi::engine::Color;

TEST_CASE("yunzi-gtp plays a whole 9x9 game against GNU Go", "[gnugo]") {
  if (!gnugo_available()) {
    WARN("GNU Go is not installed at " << gnugo_path());
    return;
  }
  EnginePair pair = start_pair(yunzi::engine::KoRule::situational, 7);
  pair.new_game(9);
  must(pair.yunzi, "komi 7.5");
  must(pair.gnugo, "komi 7.5");

  int moves = 0;
  int passes = 0;
  bool resigned = false;
  Color mover = Color::black;  // yunzi-gtp takes Black
  while (passes < 2 && !resigned && moves < 400) {
    const std::string color(yunzi::engine::to_string(mover));
    auto& generator = mover == Color::black ? pair.yunzi : pair.gnugo;
    auto& follower = mover == Color::black ? pair.gnugo : pair.yunzi;
    const std::string move = must(generator, "genmove " + color);
    INFO("move " << moves + 1 << ": " << color << " " << move);
    if (move == "resign") {
      resigned = true;
      break;
    }
    REQUIRE(accepted(follower, "play " + color + " " + move));
    passes = move == "PASS" || move == "pass" ? passes + 1 : 0;
    ++moves;
    mover = yunzi::engine::opponent(mover);
  }
  CHECK((passes == 2 || resigned));
  pair.stones(Color::black);
  pair.stones(Color::white);
  CHECK(moves > 10);
  std::cout << "yunzi-gtp vs GNU Go 9x9: " << moves << " moves, "
            << (resigned ? "GNU Go resigned" : "ended by two passes") << ", yunzi-gtp scores it "
            << must(pair.yunzi, "final_score") << "\n";
  REQUIRE(pair.yunzi.quit().has_value());
  REQUIRE(pair.gnugo.quit().has_value());
}
