// The clock of one game: both players' time under one TimeControl, whose turn runs and since when. It never reads a
// real clock: every call gets `now_ms` from the caller's steady clock, so the room owns time and tests control it.
// server/clock/README.md, "How a room drives the clock", has the calls in their order.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/expected.hpp"
#include "core/time_control.hpp"
#include "engine/types.hpp"
#include "server/clock/side_time.hpp"

namespace yunzi::clock {

using engine::Color;

// A side lost on time; at_ms is the instant its time ran out.
struct Flag {
  Color loser = Color::black;
  std::int64_t at_ms = 0;
  friend bool operator==(const Flag&, const Flag&) = default;
};

// Everything the contract's `clock` object shows, and everything needed to
// rebuild the clock.
struct ClockSnapshot {
  TimeSystem system = TimeSystem::byoyomi;
  SideTime black;
  SideTime white;
  std::optional<Color> running;  // nullopt while stopped
  std::optional<Color> flagged;  // the side that lost on time, if one did

  const SideTime& side(Color c) const { return c == Color::black ? black : white; }
  friend bool operator==(const ClockSnapshot&, const ClockSnapshot&) = default;
};

class GameClock {
 public:
  // The control must pass validate(); anything else is a programmer error
  // (std::invalid_argument). Use make() for controls from outside.
  explicit GameClock(TimeControl control);
  static Expected<GameClock, std::string> make(const TimeControl& control);

  const TimeControl& control() const { return control_; }
  std::optional<Color> running() const { return running_; }
  std::optional<Color> flagged() const { return flagged_; }

  // Starts `to_move`'s turn at now_ms. The clock must be stopped and no side
  // flagged (std::logic_error otherwise). resume() is the same operation,
  // named for restarting after pause() or restore().
  void start(Color to_move, std::int64_t now_ms);
  void resume(Color to_move, std::int64_t now_ms) { start(to_move, now_ms); }

  // The running side moved at now_ms. It is charged for the turn minus
  // lag_credit_ms; if that had already used up its time, the clock stops
  // and the flag is returned (the move does not count). Otherwise the
  // opponent's turn starts at now_ms. `mover` must be the running side.
  std::optional<Flag> on_move(Color mover, std::int64_t now_ms, std::int64_t lag_credit_ms = 0);

  // How long the running side has been thinking (0 when stopped).
  std::int64_t turn_elapsed_ms(std::int64_t now_ms) const;

  // The instant the running side loses if it does not move: nullopt when
  // stopped or when the system never flags. is_flagged(t) is true exactly
  // for t >= flag_time().
  std::optional<std::int64_t> flag_time() const;
  bool is_flagged(std::int64_t now_ms) const;

  // For the room's timer: when the running side has run out at now_ms the
  // clock stops and records the flag.
  std::optional<Flag> check_flag(std::int64_t now_ms);

  // Charges the running side up to now_ms (its period is not renewed: no
  // move was made) and stops. Reports a flag if time had run out first.
  std::optional<Flag> pause(std::int64_t now_ms);

  // Both sides as they stand at now_ms: the running side shows its time
  // minus the current turn so far.
  ClockSnapshot snapshot(std::int64_t now_ms) const;

  // Replaces the state with a snapshot (from the database, or an earlier
  // snapshot for undo). The clock is left stopped; resume(snapshot.running)
  // restarts it, so the time between the snapshot and now is not charged.
  // A snapshot that does not fit this clock's control is refused.
  Expected<Done, std::string> restore(const ClockSnapshot& snapshot);

 private:
  SideTime& side(Color c) { return c == Color::black ? black_ : white_; }
  const SideTime& side(Color c) const { return c == Color::black ? black_ : white_; }
  Flag record_flag(Color loser, std::int64_t at_ms);

  TimeControl control_;
  SideTime black_;
  SideTime white_;
  std::optional<Color> running_;
  std::optional<Color> flagged_;
  std::int64_t turn_started_ms_ = 0;
};

}  // namespace yunzi::clock
