#include "tsumego/unconditional_life.hpp"

#include <algorithm>

namespace yunzi::tsumego {

using engine::Board;
using engine::Cell;

UnconditionalLife::UnconditionalLife()
    : chain_of_(static_cast<std::size_t>(Board::max_points), -1),
      area_of_(static_cast<std::size_t>(Board::max_points), -1) {}

int UnconditionalLife::chains_next_to(const Board& board, engine::Color owner, const Region& region, int index,
                                      int (&out)[4]) {
  const Neighbours around(board);
  int count = 0;
  for (int offset : around.offsets) {
    const int next = index + offset;
    if (board.cell(next) == engine::cell_of(owner) && chain_of_[static_cast<std::size_t>(next)] < 0) {
      add_chain(board, owner, region, next);
    }
    const int chain = chain_of_[static_cast<std::size_t>(next)];
    if (chain < 0 || std::find(out, out + count, chain) != out + count) continue;
    out[count++] = chain;
  }
  return count;
}

void UnconditionalLife::forget() {
  for (const int index : touched_) {
    chain_of_[static_cast<std::size_t>(index)] = -1;
    area_of_[static_cast<std::size_t>(index)] = -1;
  }
  touched_.clear();
  chains_.clear();
  areas_.clear();
}

void UnconditionalLife::add_chain(const Board& board, engine::Color owner, const Region& region, int start) {
  const Cell mine = engine::cell_of(owner);
  const Neighbours around(board);
  const int id = static_cast<int>(chains_.size());
  chains_.push_back(Chain{});
  chain_stack_.assign(1, static_cast<Board::Index>(start));
  chain_of_[static_cast<std::size_t>(start)] = id;
  touched_.push_back(start);
  while (!chain_stack_.empty()) {
    const int at = chain_stack_.back();
    chain_stack_.pop_back();
    for (int offset : around.offsets) {
      const int next = at + offset;
      const Cell cell = board.cell(next);
      // An empty point nobody may play on is a liberty for ever.
      if (cell == Cell::empty && !region.contains(next)) chains_[static_cast<std::size_t>(id)].safe = true;
      if (cell != mine || chain_of_[static_cast<std::size_t>(next)] >= 0) continue;
      chain_of_[static_cast<std::size_t>(next)] = id;
      touched_.push_back(next);
      chain_stack_.push_back(static_cast<Board::Index>(next));
    }
  }
}

void UnconditionalLife::find_chains(const Board& board, engine::Color owner, const Region& region) {
  const Cell mine = engine::cell_of(owner);
  const Neighbours around(board);
  for (const int point : region.points()) {
    if (board.cell(point) == mine && chain_of_[static_cast<std::size_t>(point)] < 0) {
      add_chain(board, owner, region, point);
    }
    for (int offset : around.offsets) {
      const int next = point + offset;
      if (board.cell(next) == mine && chain_of_[static_cast<std::size_t>(next)] < 0) {
        add_chain(board, owner, region, next);
      }
    }
  }
}

void UnconditionalLife::find_areas(const Board& board, engine::Color owner, const Region& region) {
  const Cell mine = engine::cell_of(owner);
  const Neighbours around(board);
  for (const int start : region.points()) {
    const Cell start_cell = board.cell(start);
    if (start_cell == mine || area_of_[static_cast<std::size_t>(start)] >= 0) continue;
    const int id = static_cast<int>(areas_.size());
    areas_.push_back(Area{});
    Area& area = areas_.back();
    bool first_empty = true;
    bool open = false;
    stack_.assign(1, static_cast<Board::Index>(start));
    area_of_[static_cast<std::size_t>(start)] = id;
    touched_.push_back(start);
    while (!stack_.empty()) {
      const int at = stack_.back();
      stack_.pop_back();
      int next_to[4];
      const int count = chains_next_to(board, owner, region, at, next_to);
      for (int i = 0; i < count; ++i) {
        if (std::find(area.bordering.begin(), area.bordering.end(), next_to[i]) == area.bordering.end()) {
          area.bordering.push_back(next_to[i]);
        }
      }
      if (board.cell(at) == Cell::empty) {
        if (first_empty) {
          area.vital_to.assign(next_to, next_to + count);
          first_empty = false;
        } else {
          std::erase_if(area.vital_to,
                        [&](int chain) { return std::find(next_to, next_to + count, chain) == next_to + count; });
        }
      }
      for (int offset : around.offsets) {
        const int next = at + offset;
        const Cell cell = board.cell(next);
        if (cell == Cell::wall || cell == mine || area_of_[static_cast<std::size_t>(next)] >= 0) continue;
        if (cell == Cell::empty && !region.contains(next)) {
          open = true;
          continue;
        }
        area_of_[static_cast<std::size_t>(next)] = id;
        touched_.push_back(next);
        stack_.push_back(static_cast<Board::Index>(next));
      }
    }
    if (open) area.vital_to.clear();
  }
}

// Benson's iteration: a chain needs two areas vital to it whose bordering chains all still stand; a chain that has
// not falls, and with it every area it borders, until nothing changes.
void UnconditionalLife::settle() {
  for (bool changed = true; changed;) {
    changed = false;
    for (std::size_t c = 0; c < chains_.size(); ++c) {
      Chain& chain = chains_[c];
      if (!chain.alive || chain.safe) continue;
      int vital = 0;
      for (const Area& area : areas_) {
        if (std::find(area.vital_to.begin(), area.vital_to.end(), static_cast<int>(c)) == area.vital_to.end()) continue;
        const bool standing = std::all_of(area.bordering.begin(), area.bordering.end(),
                                          [&](int other) { return chains_[static_cast<std::size_t>(other)].alive; });
        if (standing && ++vital == 2) break;
      }
      if (vital < 2) {
        chain.alive = false;
        changed = true;
      }
    }
  }
}

bool UnconditionalLife::holds(const Board& board, engine::Color owner, int stone_index, const Region& region) {
  if (board.cell(stone_index) != engine::cell_of(owner)) return false;
  forget();
  find_chains(board, owner, region);
  if (chain_of_[static_cast<std::size_t>(stone_index)] < 0) add_chain(board, owner, region, stone_index);
  const int target = chain_of_[static_cast<std::size_t>(stone_index)];
  if (chains_[static_cast<std::size_t>(target)].safe) return true;
  find_areas(board, owner, region);
  settle();
  return chains_[static_cast<std::size_t>(target)].alive;
}

}  // namespace yunzi::tsumego
