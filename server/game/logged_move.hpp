// A move as a room's event log keeps it: the protocol's MovePlayed packed
// into 56 bytes where the struct takes 136, exact for every clock a game can
// show (core/time_control.hpp bounds periods at 100 and stones at 1,000). A
// live room keeps up to 64 of them (bench/LOG.md, "A live room's board
// and event log, compacted").
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "protocol/payloads.hpp"

namespace yunzi::game {

class LoggedMove {
 public:
  LoggedMove() = default;
  explicit LoggedMove(const protocol::MovePlayed& move);

  protocol::MovePlayed unpack() const;

 private:
  // Black's field first, then White's, for each of the clock's fields.
  std::array<std::int64_t, 2> main_ms_{};
  std::array<std::int64_t, 2> period_ms_{};
  std::array<std::int16_t, 2> periods_{};
  std::array<std::int16_t, 2> stones_{};
  // The captured stones, held apart since most moves take none; copied
  // with the move.
  class Captured {
   public:
    Captured() = default;
    explicit Captured(const std::vector<engine::Vertex>& stones)
        : stones_(stones.empty() ? nullptr : std::make_unique<const std::vector<engine::Vertex>>(stones)) {}
    Captured(const Captured& other) : Captured(other.stones()) {}
    Captured& operator=(const Captured& other) { return *this = Captured(other.stones()); }
    Captured(Captured&&) noexcept = default;
    Captured& operator=(Captured&&) noexcept = default;
    ~Captured() = default;

    std::vector<engine::Vertex> stones() const { return stones_ ? *stones_ : std::vector<engine::Vertex>{}; }

   private:
    std::unique_ptr<const std::vector<engine::Vertex>> stones_;  // null when none
  };

  Captured captured_;
  std::int32_t move_number_ = 0;
  std::int8_t x_ = -1;  // -1: a pass
  std::int8_t y_ = -1;
  engine::Color color_ = engine::Color::black;
  std::uint8_t clock_fields_ = 0;  // which optional clock fields are set, and who runs
};

}  // namespace yunzi::game
