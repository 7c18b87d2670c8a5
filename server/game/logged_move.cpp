#include "server/game/logged_move.hpp"

#include "server/game/clock_count.hpp"

namespace yunzi::game {

namespace {

// Three presence bits a side (Black's, then White's shifted by three), then
// the running side.
enum ClockField : std::uint8_t {
  has_periods = 1,
  has_period_ms = 2,
  has_stones = 4,
  white_shift = 3,
  black_runs = 64,
  white_runs = 128,
};

std::size_t side_index(engine::Color c) { return c == engine::Color::black ? 0 : 1; }

}  // namespace

LoggedMove::LoggedMove(const protocol::MovePlayed& move)
    : captured_(move.captured), move_number_(move.move_number), color_(move.color) {
  if (move.vertex) {
    x_ = static_cast<std::int8_t>(move.vertex->x);
    y_ = static_cast<std::int8_t>(move.vertex->y);
  }
  for (engine::Color c : {engine::Color::black, engine::Color::white}) {
    const std::size_t i = side_index(c);
    const protocol::SideClock& side = c == engine::Color::black ? move.clock.black : move.clock.white;
    const int shift = c == engine::Color::black ? 0 : white_shift;
    main_ms_[i] = side.main_ms;
    if (side.periods) {
      periods_[i] = packed_clock_count(*side.periods);
      clock_fields_ |= has_periods << shift;
    }
    if (side.period_ms) {
      period_ms_[i] = *side.period_ms;
      clock_fields_ |= has_period_ms << shift;
    }
    if (side.stones) {
      stones_[i] = packed_clock_count(*side.stones);
      clock_fields_ |= has_stones << shift;
    }
  }
  if (move.clock.running) clock_fields_ |= *move.clock.running == engine::Color::black ? black_runs : white_runs;
}

protocol::MovePlayed LoggedMove::unpack() const {
  protocol::MovePlayed move;
  move.color = color_;
  move.move_number = move_number_;
  if (x_ >= 0) move.vertex = engine::Vertex{x_, y_};
  move.captured = captured_.stones();
  for (engine::Color c : {engine::Color::black, engine::Color::white}) {
    const std::size_t i = side_index(c);
    protocol::SideClock& side = c == engine::Color::black ? move.clock.black : move.clock.white;
    const int shift = c == engine::Color::black ? 0 : white_shift;
    side.main_ms = main_ms_[i];
    if (clock_fields_ & (has_periods << shift)) side.periods = periods_[i];
    if (clock_fields_ & (has_period_ms << shift)) side.period_ms = period_ms_[i];
    if (clock_fields_ & (has_stones << shift)) side.stones = stones_[i];
  }
  if (clock_fields_ & black_runs) move.clock.running = engine::Color::black;
  if (clock_fields_ & white_runs) move.clock.running = engine::Color::white;
  return move;
}

static_assert(sizeof(LoggedMove) <= 56);

}  // namespace yunzi::game
