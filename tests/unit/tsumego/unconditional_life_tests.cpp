#include <catch2/catch.hpp>

#include <algorithm>

#include "life_positions.hpp"
#include "tsumego/unconditional_life.hpp"

using namespace yunzi;
using namespace yunzi::tsumego;
using namespace yunzi::tsumego::test;
using engine::Color;
using engine::Vertex;

namespace {

// Whether White's chain through `stone` is unconditionally alive, the region being the picture's less `outside`.
bool white_alive(const std::vector<std::string>& rows, Vertex stone, std::vector<Vertex> outside = {}) {
  Picture p = picture(rows);
  std::erase_if(p.region, [&](Vertex v) { return std::find(outside.begin(), outside.end(), v) != outside.end(); });
  const Region region(p.board, p.region);
  UnconditionalLife life;
  return life.holds(p.board, Color::white, p.board.index_of(stone), region);
}

}  // namespace

TEST_CASE("unconditional life: two one-point eyes live, one does not", "[tsumego][benson]") {
  CHECK(white_alive({".O.OX", "OOOOX", "XXXXX"}, Vertex{1, 0}));
  CHECK_FALSE(white_alive({".OOOX", "OOOOX", "XXXXX"}, Vertex{1, 0}));
  // A two-point eye of which only one point touches the chain is no vital area.
  CHECK_FALSE(white_alive({".O..X", "OOOXX", "XXXX+"}, Vertex{1, 0}));
}

TEST_CASE("unconditional life: an empty point outside the region is a liberty for ever", "[tsumego][benson]") {
  CHECK(white_alive({"+O.XX", "OOXX+", "XXX++"}, Vertex{1, 0}));
  CHECK_FALSE(white_alive({".O.XX", "OOXX+", "XXX++"}, Vertex{1, 0}));
}

TEST_CASE("unconditional life: an eye reaching past the region's border still counts the chains beyond it",
          "[tsumego][benson]") {
  // The eye at (2,0) holds Black's stone at (3,0), left out of the region; past that stone it touches the lone
  // White stone at (4,0). That stone has no eye of its own, so it can fall, and with it the eye: one eye is left.
  CHECK_FALSE(white_alive({".O.XO.X", "OOOOXXX", "XXXX+++"}, Vertex{1, 0}, {Vertex{3, 0}}));
  // The stone at (4,0) with a liberty outside the region cannot fall: the eye is sound, two eyes live.
  CHECK(white_alive({".O.XO+X", "OOOOXXX", "XXXX+++"}, Vertex{1, 0}, {Vertex{3, 0}}));
  // White's stones far away, outside what the region touches, change nothing.
  CHECK_FALSE(white_alive({".O.XO.X", "OOOOXXX", "XXXX+++", "+++++++", "+++++OO"}, Vertex{1, 0}, {Vertex{3, 0}}));
  // The same past a chain the region does not touch: (2,0) and (3,0) are one eye through Black's stone at (2,1),
  // and (3,0) borders another White chain, so the eye is vital to neither. Meeting White's stone at (2,2) beyond the
  // border must not end the reading of the eye before (3,0).
  CHECK_FALSE(white_alive({".O..O++", "OOXOO++", "XXO++++"}, Vertex{1, 0},
                          {Vertex{2, 1}, Vertex{0, 2}, Vertex{1, 2}, Vertex{2, 2}}));
}
