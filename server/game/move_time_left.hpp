// What a live room keeps of each move's stored record besides the move
// itself (which its engine::Game holds): the mover's time left, shown in the
// SGF as BL/WL and OB/OW. 16 bytes a move, where a whole db::MoveRecord took
// 56 (bench/LOG.md, "A live room's board and event log, compacted").
#pragma once

#include <cstdint>

#include "db/records.hpp"

namespace yunzi::game {

struct MoveTimeLeft {
  std::int64_t clock_ms = 0;
  std::int32_t periods_left = 0;
  bool has_clock = false;
  bool has_periods = false;

  static MoveTimeLeft of(const db::MoveRecord& record) {
    return {record.clock_ms.value_or(0), record.periods_left.value_or(0), record.clock_ms.has_value(),
            record.periods_left.has_value()};
  }

  // The stored record of move `number` (from 1), as far as a record shows it
  // (the server's time of the move is not kept).
  db::MoveRecord record(int number, const engine::Move& move) const {
    db::MoveRecord out;
    out.number = number;
    out.move = move;
    if (has_clock) out.clock_ms = clock_ms;
    if (has_periods) out.periods_left = periods_left;
    return out;
  }
};

}  // namespace yunzi::game
