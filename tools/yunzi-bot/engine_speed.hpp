// How fast the bot's engine really is, per board size: the slowest move
// measured at start-up (at its level, without a clock, in a position where
// it must read) and the slowest move in a game that took longer than the
// clock gave it for that move. A clock that leaves less per move than the
// safety margin plus twice the measured move, or plus the move that once
// overran its time, is one the bot cannot meet, and declines.
#pragma once

#include <chrono>
#include <map>
#include <optional>

namespace yunzi::bot {

class EngineSpeed {
 public:
  using Millis = std::chrono::milliseconds;

  // A move timed at start-up; the slowest one per size counts.
  void record(int size, Millis move);
  // A move in a game that needed more than the time on the clock for it.
  void record_overrun(int size, Millis move);
  std::optional<Millis> slowest(int size) const;
  // The least time per move a clock must give on this board size; nullopt
  // while nothing was measured for it.
  std::optional<Millis> needed_per_move(int size, Millis margin) const;

 private:
  std::map<int, Millis> measured_;
  std::map<int, Millis> overran_;
};

}  // namespace yunzi::bot
