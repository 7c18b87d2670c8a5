// Whether a chain can never be captured by moves in the region, whatever its owner's opponent does and even if
// its owner never answers: Benson's unconditional life, where a chain with an empty neighbour outside the region
// counts as uncapturable (nobody plays there). The search stops a line as soon as this holds for the target.
// Only the region and what borders it are read: an area reaching an empty point outside the region is open, vital
// to no chain that could need it (a chain next to that point is uncapturable already), so nothing beyond matters.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/board.hpp"
#include "tsumego/region.hpp"

namespace yunzi::tsumego {

class UnconditionalLife {
 public:
  // Scratch space for one board size, reused from call to call.
  UnconditionalLife();

  bool holds(const engine::Board& board, engine::Color owner, int stone_index, const Region& region);

 private:
  struct Chain {
    bool alive = true;
    bool safe = false;
  };
  struct Area {
    std::vector<int> bordering;  // chains next to any of its points
    std::vector<int> vital_to;   // chains next to every one of its empty points
  };

  void find_chains(const engine::Board& board, engine::Color owner, const Region& region);
  // The chain through `start`, which holds an owner's stone not yet in a chain.
  void add_chain(const engine::Board& board, engine::Color owner, const Region& region, int start);
  void find_areas(const engine::Board& board, engine::Color owner, const Region& region);
  void forget();
  void settle();
  // The owner's chains next to `index`, at most four, distinct; one not read yet (past the region's border, met
  // through stones outside it) is read now.
  int chains_next_to(const engine::Board& board, engine::Color owner, const Region& region, int index, int (&out)[4]);

  std::vector<int> chain_of_;  // per index: the owner's chain, or -1
  std::vector<int> area_of_;   // per index: the area, or -1
  std::vector<engine::Board::Index> stack_;
  // A chain met while an area is read is read on a stack of its own, leaving the area's to go on.
  std::vector<engine::Board::Index> chain_stack_;
  std::vector<int> touched_;  // the indices chain_of_ and area_of_ were set at, to clear them for the next call
  std::vector<Chain> chains_;
  std::vector<Area> areas_;
};

}  // namespace yunzi::tsumego
