#include "server/clock/side_time.hpp"

#include <algorithm>

namespace yunzi::clock {
namespace {

void run_out(SideTime& side) {
  side.main_ms = 0;
  side.periods = 0;
  side.period_ms = 0;
}

// Time beyond the main time goes into the periods. A period whose time is
// used up to the last millisecond is gone; a move made inside a period keeps
// it and starts the next turn with a full one.
bool charge_byoyomi(const TimeControl& c, SideTime& side, std::int64_t elapsed, bool completed_move) {
  if (elapsed < side.main_ms) {
    side.main_ms -= elapsed;
    return false;
  }
  std::int64_t overtime = elapsed - side.main_ms;
  side.main_ms = 0;
  if (overtime >= side.period_ms) {
    overtime -= side.period_ms;
    side.periods -= 1;
    const std::int64_t whole_periods = std::min<std::int64_t>(side.periods, overtime / c.period_ms);
    side.periods -= static_cast<int>(whole_periods);
    overtime -= whole_periods * c.period_ms;
    side.period_ms = c.period_ms;
  }
  if (side.periods <= 0) {
    run_out(side);
    return true;
  }
  side.period_ms = completed_move ? c.period_ms : side.period_ms - overtime;
  return false;
}

// Once the main time is gone, every move counts toward the period's stones;
// the last of them starts a fresh period.
bool charge_canadian(const TimeControl& c, SideTime& side, std::int64_t elapsed, bool completed_move) {
  if (elapsed < side.main_ms) {
    side.main_ms -= elapsed;
    return false;
  }
  const std::int64_t overtime = elapsed - side.main_ms;
  side.main_ms = 0;
  if (overtime >= side.period_ms) {
    run_out(side);
    return true;
  }
  side.period_ms -= overtime;
  if (completed_move && --side.stones == 0) {
    side.stones = c.stones;
    side.period_ms = c.period_ms;
  }
  return false;
}

bool charge_main_only(SideTime& side, std::int64_t elapsed) {
  if (elapsed >= side.main_ms) {
    run_out(side);
    return true;
  }
  side.main_ms -= elapsed;
  return false;
}

}  // namespace

SideTime initial_side_time(const TimeControl& c) {
  switch (c.system) {
    case TimeSystem::none: return SideTime{};
    case TimeSystem::absolute:
    case TimeSystem::fischer: return SideTime{c.main_ms, 0, 0, 0};
    case TimeSystem::byoyomi: return SideTime{c.main_ms, c.periods, c.period_ms, 0};
    case TimeSystem::canadian: return SideTime{c.main_ms, 0, c.period_ms, c.stones};
  }
  return SideTime{};
}

std::optional<std::int64_t> time_left(const TimeControl& c, const SideTime& side) {
  switch (c.system) {
    case TimeSystem::none: return std::nullopt;
    case TimeSystem::absolute:
    case TimeSystem::fischer: return side.main_ms;
    case TimeSystem::byoyomi:
      if (side.periods <= 0) return side.main_ms;
      return side.main_ms + side.period_ms + static_cast<std::int64_t>(side.periods - 1) * c.period_ms;
    case TimeSystem::canadian: return side.main_ms + side.period_ms;
  }
  return std::nullopt;
}

bool charge(const TimeControl& c, SideTime& side, std::int64_t elapsed_ms, bool completed_move) {
  const std::int64_t elapsed = std::max<std::int64_t>(elapsed_ms, 0);
  switch (c.system) {
    case TimeSystem::none: return false;
    case TimeSystem::absolute: return charge_main_only(side, elapsed);
    case TimeSystem::fischer:
      if (charge_main_only(side, elapsed)) return true;
      if (completed_move) {
        side.main_ms += c.increment_ms;
        if (c.max_ms > 0) side.main_ms = std::min(side.main_ms, c.max_ms);
      }
      return false;
    case TimeSystem::byoyomi: return charge_byoyomi(c, side, elapsed, completed_move);
    case TimeSystem::canadian: return charge_canadian(c, side, elapsed, completed_move);
  }
  return false;
}

bool fits(const TimeControl& c, const SideTime& side) {
  const auto duration_ok = [](std::int64_t ms, std::int64_t limit) { return ms >= 0 && ms <= limit; };
  switch (c.system) {
    case TimeSystem::none: return side == SideTime{};
    case TimeSystem::absolute:
      return duration_ok(side.main_ms, c.main_ms) && side.periods == 0 && side.period_ms == 0 && side.stones == 0;
    case TimeSystem::fischer: {
      const std::int64_t cap = c.max_ms > 0 ? c.max_ms : max_duration_ms;
      return duration_ok(side.main_ms, cap) && side.periods == 0 && side.period_ms == 0 && side.stones == 0;
    }
    case TimeSystem::byoyomi:
      if (side.periods == 0) return side.main_ms == 0 && side.period_ms == 0 && side.stones == 0;
      return duration_ok(side.main_ms, c.main_ms) && side.periods > 0 && side.periods <= c.periods &&
             side.period_ms > 0 && side.period_ms <= c.period_ms && side.stones == 0 &&
             (side.main_ms == 0 || (side.periods == c.periods && side.period_ms == c.period_ms));
    case TimeSystem::canadian:
      if (side.main_ms == 0 && side.period_ms == 0) return side.stones >= 0 && side.stones <= c.stones;  // ran out
      return duration_ok(side.main_ms, c.main_ms) && side.period_ms > 0 && side.period_ms <= c.period_ms &&
             side.stones > 0 && side.stones <= c.stones &&
             (side.main_ms == 0 || (side.stones == c.stones && side.period_ms == c.period_ms));
  }
  return false;
}

}  // namespace yunzi::clock
