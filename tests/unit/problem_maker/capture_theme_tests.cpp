// Capture problems are tagged by the shape of their right line: a ladder, a snapback or a net.
#include <catch2/catch.hpp>

#include "tests/unit/problem_maker/problem_text.hpp"
#include "tools/yunzi-problems/capture_position.hpp"

using namespace yunzi;
using namespace yunzi::problems;
using Themes = std::vector<std::string>;

TEST_CASE("a line of ataris that chases the stone to the corner is a ladder", "[tsumego][maker]") {
  const auto problem = test::problem_from(
      "(;GM[1]FF[4]SZ[19]PL[B]YG[capture]YT[dd]AB[ed][de][ce]AW[dd]"
      ";B[dc];W[cd];B[bd];W[cc];B[cb];W[bc];B[bb];W[ac];B[ab];W[ad];B[ae]TE[1])");
  CHECK(capture_themes(problem) == Themes{"ladder"});
}

TEST_CASE("a stone given up and the chain that took it taken back is a snapback", "[tsumego][maker]") {
  const auto problem = test::problem_from(
      "(;GM[1]FF[4]SZ[19]PL[B]YG[capture]YT[ab]AB[ac][bc][cb][ca]AW[ab][bb];B[aa];W[ba];B[aa]TE[1])");
  CHECK(capture_themes(problem) == Themes{"snapback"});
}

TEST_CASE("a first move that is no atari, yet the stone cannot get out, is a net", "[tsumego][maker]") {
  const auto problem = test::problem_from("(;GM[1]FF[4]SZ[19]PL[B]YG[capture]YT[cc]AB[dc][cd]AW[cc];B[bb]TE[1])");
  CHECK(capture_themes(problem) == Themes{"net"});
}

TEST_CASE("a plain capture and a problem of another goal get no capture theme", "[tsumego][maker]") {
  CHECK(capture_themes(test::problem_from("(;GM[1]FF[4]SZ[19]PL[B]YG[capture]YT[dd]AB[ed][de][dc]AW[dd];B[cd]TE[1])"))
            .empty());
  CHECK(
      capture_themes(test::problem_from("(;GM[1]FF[4]SZ[19]PL[B]YG[kill]YT[cc]AB[dc][cd]AW[cc];B[bb]TE[1])")).empty());
}
