// The superko set starts small and doubles: every position kept stays found
// across each growth, a repeat is refused, and the zero hash counts as any.
#include <catch2/catch.hpp>

#include <cstdint>
#include <random>
#include <unordered_set>
#include <vector>

#include "engine/zobrist.hpp"

using yunzi::engine::PositionSet;

TEST_CASE("a position set that starts at its smallest keeps every position through each doubling",
          "[engine][superko]") {
  PositionSet set(0);
  std::mt19937_64 random(20261204);
  std::vector<std::uint64_t> kept{0};  // the zero hash, which no slot can hold
  std::unordered_set<std::uint64_t> seen{0};
  while (kept.size() < 5000) {
    const std::uint64_t hash = random() >> (kept.size() % 2 == 0 ? 0 : 40);  // small values collide in the low bits
    if (seen.insert(hash).second) kept.push_back(hash);
  }
  for (std::size_t i = 0; i < kept.size(); ++i) {
    REQUIRE(set.insert(kept[i]));
    REQUIRE_FALSE(set.insert(kept[i / 2]));  // a repeat, before and after growing
  }
  CHECK(set.size() == kept.size());
  for (const std::uint64_t hash : kept) CHECK(set.contains(hash));
  std::size_t strays = 0;
  for (int i = 0; i < 5000; ++i) {
    const std::uint64_t hash = random();
    if (!seen.contains(hash) && set.contains(hash)) ++strays;
  }
  CHECK(strays == 0);
  set.clear();
  CHECK(set.size() == 0);
  CHECK_FALSE(set.contains(kept[1]));
  CHECK_FALSE(set.contains(0));
}
