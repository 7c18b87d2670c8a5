#include <catch2/catch.hpp>

#include <map>
#include <sstream>

#include "engine/handicap.hpp"

using namespace yunzi;
using namespace yunzi::engine;

namespace {

// GNU Go 3.8's answers to `fixed_handicap N` (it lists stones row by row).
const std::map<std::pair<int, int>, std::string> gnugo_layouts = {
    {{9, 2}, "G7 C3"},
    {{9, 3}, "C7 G7 C3"},
    {{9, 4}, "C7 G7 C3 G3"},
    {{9, 5}, "C7 G7 E5 C3 G3"},
    {{9, 6}, "C7 G7 C5 G5 C3 G3"},
    {{9, 7}, "C7 G7 C5 E5 G5 C3 G3"},
    {{9, 8}, "C7 E7 G7 C5 G5 C3 E3 G3"},
    {{9, 9}, "C7 E7 G7 C5 E5 G5 C3 E3 G3"},
    {{13, 2}, "K10 D4"},
    {{13, 3}, "D10 K10 D4"},
    {{13, 4}, "D10 K10 D4 K4"},
    {{13, 5}, "D10 K10 G7 D4 K4"},
    {{13, 6}, "D10 K10 D7 K7 D4 K4"},
    {{13, 7}, "D10 K10 D7 G7 K7 D4 K4"},
    {{13, 8}, "D10 G10 K10 D7 K7 D4 G4 K4"},
    {{13, 9}, "D10 G10 K10 D7 G7 K7 D4 G4 K4"},
    {{19, 2}, "Q16 D4"},
    {{19, 3}, "D16 Q16 D4"},
    {{19, 4}, "D16 Q16 D4 Q4"},
    {{19, 5}, "D16 Q16 K10 D4 Q4"},
    {{19, 6}, "D16 Q16 D10 Q10 D4 Q4"},
    {{19, 7}, "D16 Q16 D10 K10 Q10 D4 Q4"},
    {{19, 8}, "D16 K16 Q16 D10 Q10 D4 K4 Q4"},
    {{19, 9}, "D16 K16 Q16 D10 K10 Q10 D4 K4 Q4"},
    {{7, 2}, "E5 C3"},
    {{7, 4}, "C5 E5 C3 E3"},
    {{8, 3}, "C6 F6 C3"},
    {{11, 9}, "C9 F9 J9 C6 F6 J6 C3 F3 J3"},
    {{12, 4}, "D9 J9 D4 J4"},
};

std::string spell(const std::vector<Vertex>& stones, int size) {
  std::ostringstream out;
  for (std::size_t i = 0; i < stones.size(); ++i) out << (i ? " " : "") << to_gtp(stones[i], size);
  return out.str();
}

}  // namespace

TEST_CASE("fixed handicap layouts match GNU Go on every size it knows", "[handicap]") {
  for (const auto& [request, expected] : gnugo_layouts) {
    const auto [size, count] = request;
    INFO(size << "x" << size << " handicap " << count);
    auto stones = fixed_handicap(size, count);
    REQUIRE(stones.has_value());
    CHECK(stones->size() == static_cast<std::size_t>(count));
    CHECK(spell(*stones, size) == expected);
  }
}

TEST_CASE("impossible handicap requests are errors", "[handicap]") {
  CHECK(fixed_handicap(19, 1).error() == HandicapError::too_few);
  CHECK(fixed_handicap(19, 0).error() == HandicapError::too_few);
  CHECK(fixed_handicap(19, 10).error() == HandicapError::too_many);
  CHECK(fixed_handicap(10, 5).error() == HandicapError::too_many);
  CHECK(fixed_handicap(7, 5).error() == HandicapError::too_many);
  CHECK(fixed_handicap(6, 2).error() == HandicapError::board_too_small);
  CHECK(fixed_handicap(2, 2).error() == HandicapError::board_too_small);
  CHECK(fixed_handicap(30, 2).error() == HandicapError::board_too_small);
  CHECK(max_fixed_handicap(19) == 9);
  CHECK(max_fixed_handicap(18) == 4);
  CHECK(max_fixed_handicap(7) == 4);
  CHECK(max_fixed_handicap(6) == 0);
  CHECK(describe(HandicapError::too_many).find("handicap") != std::string_view::npos);
}

TEST_CASE("every fixed layout up to 25x25 has distinct points on the board", "[handicap]") {
  for (int size = 7; size <= max_board_size; ++size) {
    for (int count = 2; count <= max_fixed_handicap(size); ++count) {
      auto stones = fixed_handicap(size, count);
      REQUIRE(stones.has_value());
      CHECK(stones->size() == static_cast<std::size_t>(count));
      for (std::size_t i = 0; i < stones->size(); ++i) {
        CHECK(on_board((*stones)[i], size));
        for (std::size_t j = 0; j < i; ++j) CHECK((*stones)[i] != (*stones)[j]);
      }
    }
  }
}
