// Zobrist keys (fixed pseudo-random 64-bit values per point, colour and side
// to move) and PositionSet, the open-addressing hash set that remembers every
// position of a game for the superko check.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/board.hpp"
#include "engine/types.hpp"

namespace yunzi::engine::zobrist {

namespace detail {
// splitmix64: a fixed seed gives the same keys in every build and process.
constexpr std::uint64_t mix(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}
struct Keys {
  std::uint64_t stones[2][Board::max_points] = {};
  std::uint64_t white_to_move = 0;
};
constexpr Keys make_keys() {
  Keys keys;
  std::uint64_t state = 0x79756E7A69ULL;
  for (auto& row : keys.stones) {
    for (auto& key : row) key = mix(state);
  }
  keys.white_to_move = mix(state);
  return keys;
}
inline constexpr Keys keys = make_keys();
}  // namespace detail

// Key of a stone of colour c at a padded board index.
inline std::uint64_t stone_key(Color c, int index) { return detail::keys.stones[static_cast<int>(c) - 1][index]; }
// XOR-ed into a position hash when White is to move (situational superko).
inline std::uint64_t white_to_move_key() { return detail::keys.white_to_move; }

}  // namespace yunzi::engine::zobrist

namespace yunzi::engine {

// A set of 64-bit position hashes. Linear probing in a power-of-two table
// kept at most half full; no allocation until the table grows.
class PositionSet {
 public:
  // Sized so that `expected` positions fit without growing; 32 at the least.
  explicit PositionSet(std::size_t expected = 512);

  // Returns false when the hash was already present.
  bool insert(std::uint64_t hash);
  bool contains(std::uint64_t hash) const;
  void clear();
  std::size_t size() const { return size_; }

 private:
  void grow();

  // Zero marks an empty slot, so a zero hash is remembered apart.
  std::vector<std::uint64_t> slots_;
  std::size_t size_ = 0;
  bool has_zero_ = false;
};

}  // namespace yunzi::engine
