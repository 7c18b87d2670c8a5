#include "server/clock/game_clock.hpp"

#include <algorithm>
#include <stdexcept>

namespace yunzi::clock {

GameClock::GameClock(TimeControl control) : control_(control) {
  if (auto ok = validate(control_); !ok) throw std::invalid_argument("GameClock: " + ok.error());
  black_ = initial_side_time(control_);
  white_ = black_;
}

Expected<GameClock, std::string> GameClock::make(const TimeControl& control) {
  if (auto ok = validate(control); !ok) return unexpected(ok.error());
  return GameClock(control);
}

void GameClock::start(Color to_move, std::int64_t now_ms) {
  if (running_) throw std::logic_error("GameClock::start: the clock is already running");
  if (flagged_) throw std::logic_error("GameClock::start: a side has already lost on time");
  running_ = to_move;
  turn_started_ms_ = now_ms;
}

std::optional<Flag> GameClock::on_move(Color mover, std::int64_t now_ms, std::int64_t lag_credit_ms) {
  if (running_ != mover) throw std::logic_error("GameClock::on_move: it is not the mover's turn on the clock");
  const std::int64_t charged = turn_elapsed_ms(now_ms) - std::max<std::int64_t>(lag_credit_ms, 0);
  const auto deadline = flag_time();
  if (charge(control_, side(mover), charged, true)) return record_flag(mover, *deadline);
  running_ = engine::opponent(mover);
  turn_started_ms_ = now_ms;
  return std::nullopt;
}

std::int64_t GameClock::turn_elapsed_ms(std::int64_t now_ms) const {
  if (!running_) return 0;
  return std::max<std::int64_t>(now_ms - turn_started_ms_, 0);
}

std::optional<std::int64_t> GameClock::flag_time() const {
  if (!running_) return std::nullopt;
  const auto left = time_left(control_, side(*running_));
  if (!left) return std::nullopt;
  return turn_started_ms_ + *left;
}

bool GameClock::is_flagged(std::int64_t now_ms) const {
  if (flagged_) return true;
  const auto deadline = flag_time();
  return deadline && now_ms >= *deadline;
}

std::optional<Flag> GameClock::check_flag(std::int64_t now_ms) {
  if (!running_ || !is_flagged(now_ms)) return std::nullopt;
  return record_flag(*running_, *flag_time());
}

std::optional<Flag> GameClock::pause(std::int64_t now_ms) {
  if (!running_) return std::nullopt;
  const Color mover = *running_;
  const auto deadline = flag_time();
  if (charge(control_, side(mover), turn_elapsed_ms(now_ms), false)) return record_flag(mover, *deadline);
  running_.reset();
  return std::nullopt;
}

ClockSnapshot GameClock::snapshot(std::int64_t now_ms) const {
  ClockSnapshot snap{control_.system, black_, white_, running_, flagged_};
  if (running_) {
    SideTime& shown = *running_ == Color::black ? snap.black : snap.white;
    charge(control_, shown, turn_elapsed_ms(now_ms), false);
  }
  return snap;
}

Expected<Done, std::string> GameClock::restore(const ClockSnapshot& snapshot) {
  if (snapshot.system != control_.system) {
    return unexpected("clock snapshot is for " + std::string(to_string(snapshot.system)) + ", this clock runs " +
                      std::string(to_string(control_.system)));
  }
  for (Color c : {Color::black, Color::white}) {
    if (!fits(control_, snapshot.side(c))) {
      return unexpected("clock snapshot: " + std::string(engine::to_string(c)) + "'s time does not fit " +
                        to_spec(control_));
    }
  }
  black_ = snapshot.black;
  white_ = snapshot.white;
  flagged_ = snapshot.flagged;
  running_.reset();
  return Done{};
}

// Only a system with a deadline can flag, so callers always have one to pass.
Flag GameClock::record_flag(Color loser, std::int64_t at) {
  SideTime& lost = side(loser);
  lost.main_ms = 0;
  lost.periods = 0;
  lost.period_ms = 0;
  flagged_ = loser;
  running_.reset();
  return Flag{loser, at};
}

}  // namespace yunzi::clock
