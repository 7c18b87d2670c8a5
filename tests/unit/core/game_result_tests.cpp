#include <catch2/catch.hpp>

#include "core/game_result.hpp"

using namespace yunzi;

TEST_CASE("results are written in SGF form", "[core][result]") {
  CHECK(to_sgf(win_by(Color::black, EndReason::resignation)) == "B+R");
  CHECK(to_sgf(win_by(Color::white, EndReason::resignation)) == "W+R");
  CHECK(to_sgf(win_by(Color::white, EndReason::time)) == "W+T");
  CHECK(to_sgf(win_by(Color::black, EndReason::forfeit)) == "B+F");
  CHECK(to_sgf(aborted_result()) == "Void");
  CHECK(to_sgf(counted_result(0.0)) == "0");
}

TEST_CASE("a count's margin is printed without float noise or trailing zeros", "[core][result]") {
  CHECK(to_sgf(counted_result(7.5)) == "B+7.5");
  CHECK(to_sgf(counted_result(-0.5)) == "W+0.5");
  CHECK(to_sgf(counted_result(3.0)) == "B+3");
  CHECK(to_sgf(counted_result(-12.25)) == "W+12.25");
  CHECK(to_sgf(counted_result(1e-12)) == "0");
  CHECK(to_sgf(counted_result(-1e-12)) == "0");
  CHECK(to_sgf(counted_result(0.1 + 0.2 + 3.2)) == "B+3.5");
  CHECK(to_sgf(counted_result(-100.0)) == "W+100");
}

TEST_CASE("a count names its winner from the margin's sign and keeps the points", "[core][result]") {
  const GameResult black = counted_result(7.5);
  CHECK(black.winner == Color::black);
  CHECK(black.how == EndReason::count);
  CHECK(black.margin == 7.5);
  const GameResult white = counted_result(-0.5);
  CHECK(white.winner == Color::white);
  CHECK(white.margin == 0.5);
  const GameResult jigo = counted_result(1e-9);
  CHECK_FALSE(jigo.winner);
  CHECK(jigo.margin == 0);
  CHECK(white.lost_by(Color::black));
  CHECK_FALSE(white.lost_by(Color::white));
  CHECK_FALSE(jigo.lost_by(Color::black));
  CHECK_FALSE(aborted_result().lost_by(Color::white));
}

TEST_CASE("every result written reads back as itself", "[core][result]") {
  for (const GameResult& result :
       {win_by(Color::black, EndReason::resignation), win_by(Color::white, EndReason::resignation),
        win_by(Color::black, EndReason::time), win_by(Color::white, EndReason::time),
        win_by(Color::black, EndReason::forfeit), win_by(Color::white, EndReason::forfeit), aborted_result(),
        counted_result(0), counted_result(7.5), counted_result(-0.5), counted_result(3), counted_result(-12.25),
        counted_result(361)}) {
    const std::string text = to_sgf(result);
    INFO(text);
    const auto back = parse_sgf_result(text);
    REQUIRE(back);
    CHECK(*back == result);
    CHECK(to_sgf(*back) == text);
  }
}

TEST_CASE("SGF's long spellings are read too", "[core][result]") {
  CHECK(parse_sgf_result("B+Resign") == win_by(Color::black, EndReason::resignation));
  CHECK(parse_sgf_result("W+Time") == win_by(Color::white, EndReason::time));
  CHECK(parse_sgf_result("W+Forfeit") == win_by(Color::white, EndReason::forfeit));
  CHECK(parse_sgf_result("Draw") == counted_result(0));
  CHECK(parse_sgf_result("B+0.50") == counted_result(0.5));
}

TEST_CASE("texts that are no result are refused", "[core][result]") {
  for (const char* text :
       {"",        "?",    "B+",   "W+",      "B",     "X+R",  "B-R",   "b+r",   "B+r",  "B+Q",  "B+-3", "B+0",
        "B+0.001", "B+.5", "B+5.", "B+1.2.3", "B+3e2", "B+ 3", "B+inf", "B+nan", "void", "draw", "00",   "B+R "}) {
    INFO(text);
    CHECK_FALSE(parse_sgf_result(text));
  }
}

TEST_CASE("end reasons keep their wire spelling both ways", "[core][result]") {
  CHECK(to_string(EndReason::resignation) == "resignation");
  CHECK(to_string(EndReason::time) == "time");
  CHECK(to_string(EndReason::count) == "count");
  CHECK(to_string(EndReason::forfeit) == "forfeit");
  CHECK(to_string(EndReason::aborted) == "aborted");
  for (EndReason reason :
       {EndReason::resignation, EndReason::time, EndReason::count, EndReason::forfeit, EndReason::aborted}) {
    CHECK(parse_end_reason(to_string(reason)) == reason);
  }
  CHECK_FALSE(parse_end_reason("Count"));
  CHECK_FALSE(parse_end_reason(""));
  CHECK_FALSE(parse_end_reason("played"));
}
