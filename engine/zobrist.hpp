// Zobrist keys (fixed pseudo-random 64-bit values per point, colour and side
// to move) and PositionSet, the open-addressing hash set that remembers every
// position of a game for the superko check.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/types.hpp"

namespace yunzi::engine::zobrist {

// Key of a stone of colour c at a padded board index.
std::uint64_t stone_key(Color c, int index);
// XOR-ed into a position hash when White is to move (situational superko).
std::uint64_t white_to_move_key();

}  // namespace yunzi::engine::zobrist

namespace yunzi::engine {

// A set of 64-bit position hashes. Linear probing in a power-of-two table
// kept at most half full; no allocation until the table grows.
class PositionSet {
 public:
  PositionSet();

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
