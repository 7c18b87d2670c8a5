#include "engine/zobrist.hpp"

#include <algorithm>

namespace yunzi::engine {
namespace {

std::size_t slots_for(std::size_t expected) {
  std::size_t slots = 64;
  while (slots < expected * 2) slots *= 2;
  return slots;
}

}  // namespace

PositionSet::PositionSet(std::size_t expected) : slots_(slots_for(expected), 0) {}

bool PositionSet::insert(std::uint64_t hash) {
  if (hash == 0) {
    if (has_zero_) return false;
    has_zero_ = true;
    ++size_;
    return true;
  }
  if ((size_ + 1) * 2 > slots_.size()) grow();
  const std::size_t mask = slots_.size() - 1;
  // Zobrist hashes are uniform already: their low bits make a fine index.
  for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
    if (slots_[i] == hash) return false;
    if (slots_[i] == 0) {
      slots_[i] = hash;
      ++size_;
      return true;
    }
  }
}

bool PositionSet::contains(std::uint64_t hash) const {
  if (hash == 0) return has_zero_;
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
    if (slots_[i] == hash) return true;
    if (slots_[i] == 0) return false;
  }
}

void PositionSet::clear() {
  std::fill(slots_.begin(), slots_.end(), 0);
  size_ = 0;
  has_zero_ = false;
}

void PositionSet::grow() {
  std::vector<std::uint64_t> old(slots_.size() * 2, 0);
  old.swap(slots_);
  const std::size_t mask = slots_.size() - 1;
  for (std::uint64_t hash : old) {
    if (hash == 0) continue;
    std::size_t i = hash & mask;
    while (slots_[i] != 0) i = (i + 1) & mask;
    slots_[i] = hash;
  }
}

}  // namespace yunzi::engine
