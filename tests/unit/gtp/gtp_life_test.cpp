// The life-and-death commands of yunzi-gtp, driven in-process: the bent three in the top-left corner of a 19x19
// board (White's stones around A19 B19 A18, inside a black wall), asked of both sides.
#include <catch2/catch.hpp>
#include <string>

#include "tests/unit/gtp/gtp_answers.hpp"
#include "tools/yunzi-gtp/gtp_frontend.hpp"

using yunzi::gtp::GtpFrontend;
using yunzi::gtp::test::answer;

namespace {

void bent_three(GtpFrontend& gtp) {
  for (const char* white : {"C19", "C18", "B18", "B17", "A17"})
    REQUIRE(answer(gtp, std::string("play white ") + white) == "= ");
  for (const char* black : {"D19", "D18", "D17", "C17", "C16", "B16", "A16"}) {
    REQUIRE(answer(gtp, std::string("play black ") + black) == "= ");
  }
}

}  // namespace

TEST_CASE("yunzi-solve_life: the status and every move that reaches it, for either side", "[gtp][tsumego]") {
  GtpFrontend gtp(1);
  bent_three(gtp);
  CHECK(answer(gtp, "yunzi-solve_life black C19") == "= dead A19");
  CHECK(answer(gtp, "yunzi-solve_life white C19") == "= alive A19");
  CHECK(answer(gtp, "yunzi-life_status black C19") == "= dead");
  CHECK(answer(gtp, "yunzi-solve_nodes") != "= 0");
  // A budget too small to prove anything.
  CHECK(answer(gtp, "yunzi-solve_life black C19 2") == "= unknown");
}

TEST_CASE("yunzi-life_region sets where the sides may play, and clear_board forgets it", "[gtp][tsumego]") {
  GtpFrontend gtp(1);
  bent_three(gtp);
  // Only the eye space: the answer is the same.
  CHECK(answer(gtp, "yunzi-life_region A19 B19 A18") == "= ");
  CHECK(answer(gtp, "yunzi-solve_life black C19") == "= dead A19");
  // clear_board forgets the region.
  CHECK(answer(gtp, "clear_board") == "= ");
  CHECK(answer(gtp, "yunzi-solve_life black C19") == "? no stone at the target");
}

TEST_CASE("the life-and-death commands refuse bad arguments", "[gtp][tsumego]") {
  GtpFrontend gtp(1);
  bent_three(gtp);
  CHECK(answer(gtp, "yunzi-solve_life black") ==
        "? syntax error: expected yunzi-solve_life <color> <vertex> [node_budget]");
  CHECK(answer(gtp, "yunzi-solve_life black E5") == "? no stone at the target");
  CHECK(answer(gtp, "yunzi-solve_life black C19 0") == "? syntax error: the node budget is a positive number");
  CHECK(answer(gtp, "yunzi-life_region pass") == "? syntax error: a region holds points, not pass");
}
