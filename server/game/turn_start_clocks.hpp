// Each move's clocks at the start of its turn, which an accepted undo puts back, packed in 48 bytes and kept for the
// last `kept` moves only: kept for every move they would be the largest part of a long game's room. An undo reaching
// further back leaves the clocks as they are (server/game/README.md, "Room rules"; bench/LOG.md, "A live room's
// board and event log, compacted").
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
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

  void push(const Entry& at_turn_start);
  // Takes back the moves from `count` on (an undo, a refused commit).
  void truncate(std::size_t count);
  // `count` moves whose clocks are not known: a game read back from storage.
  void assume_unknown(std::size_t count);

 private:
  // An Entry in 48 bytes where it takes 88: exact for every clock a game
  // can have (core/time_control.hpp bounds periods at 100 and stones at
  // 1,000).
  struct Packed {
    std::array<std::int64_t, 2> main_ms{};  // Black's, then White's
    std::array<std::int64_t, 2> period_ms{};
    std::array<std::int16_t, 2> periods{};
    std::array<std::int16_t, 2> stones{};
    TimeSystem system = TimeSystem::none;
    std::uint8_t running = 0;  // 0, or the Color's value
    std::uint8_t flagged = 0;
    bool known = false;

    static Packed of(const Entry& entry);
    Entry unpack() const;
  };

  std::size_t kept_;
  std::size_t forgotten_ = 0;  // moves before recent_.front()
  RingQueue<Packed> recent_;
};

}  // namespace yunzi::game
