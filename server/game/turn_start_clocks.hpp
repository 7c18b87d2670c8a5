// Each move's clocks at the start of its turn, which an accepted undo puts
// back, kept for the last `kept` moves only. At 88 bytes a move, kept for
// every move they were the largest part of a long game's room (22 KB at
// 250 moves). An undo reaching further back (a ninth accepted undo of two
// moves in a row) leaves the clocks as they are, as it does for a move
// replayed from storage after a restart, whose turn start was never stored.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "core/ring_queue.hpp"
#include "server/clock/game_clock.hpp"

namespace yunzi::game {

class TurnStartClocks {
 public:
  using Entry = std::optional<clock::ClockSnapshot>;  // nullopt: not known
  static constexpr std::size_t default_kept = 16;

  explicit TurnStartClocks(std::size_t kept = default_kept) : kept_(kept == 0 ? 1 : kept) {}

  // The moves recorded, those whose clocks are no longer kept included.
  std::size_t size() const { return forgotten_ + recent_.size(); }
  // The clocks at the start of move `index`'s turn (from 0), when known.
  Entry at(std::size_t index) const;
  // The entries from `index` on, for a saved room state.
  std::vector<Entry> tail_from(std::size_t index) const;

  void push(Entry at_turn_start);
  // Takes back the moves from `count` on (an undo, a refused commit).
  void truncate(std::size_t count);
  // `count` moves whose clocks are not known: a game read back from storage.
  void assume_unknown(std::size_t count);

 private:
  std::size_t kept_;
  std::size_t forgotten_ = 0;  // moves before recent_.front()
  RingQueue<Entry> recent_;
};

}  // namespace yunzi::game
