// RoomState: what time and presence do to a game (flag, period changes,
// scoring deadline, players leaving and coming back, forfeits).
#include <algorithm>

#include "protocol/events.hpp"
#include "server/game/clock_codec.hpp"
#include "server/game/room_state.hpp"

namespace yunzi::game {

void RoomState::start_turn_timers(std::int64_t now_ms) {
  if (clock_.running()) turn_start_ = clock_.snapshot(now_ms);
  plan_period_change(now_ms);
}

void RoomState::plan_period_change(std::int64_t now_ms) {
  next_period_change_ms_ = 0;
  const auto running = clock_.running();
  if (!running) return;
  const clock::ClockSnapshot snapshot = clock_.snapshot(now_ms);
  const clock::SideTime& side = snapshot.side(*running);
  // Clients show periods from game.clock; a period used up (or main time
  // running into the periods) while thinking is announced at that instant.
  if (snapshot.system == TimeSystem::byoyomi) {
    if (side.main_ms > 0) {
      next_period_change_ms_ = now_ms + side.main_ms;
    } else if (side.periods > 1) {
      next_period_change_ms_ = now_ms + side.period_ms;
    }
  } else if (snapshot.system == TimeSystem::canadian && side.main_ms > 0) {
    next_period_change_ms_ = now_ms + side.main_ms;
  }
}

std::optional<std::int64_t> RoomState::flag_deadline() const {
  const auto flag_at = clock_.flag_time();
  if (!flag_at) return std::nullopt;
  // A move already on the wire at the flag instant may still count with its
  // lag credit, so the timer waits for that credit before it ends the game.
  const std::size_t c = index(*clock_.running());
  const std::int64_t grace = std::min({last_lag_ms_[c], clock::max_lag_credit_per_move_ms, lag_[c].remaining_ms()});
  return *flag_at + std::max<std::int64_t>(grace, 0);
}

std::optional<std::int64_t> RoomState::next_deadline() const {
  if (ended_) return std::nullopt;
  std::optional<std::int64_t> next;
  const auto consider = [&next](std::optional<std::int64_t> at) {
    if (at && (!next || *at < *next)) next = at;
  };
  for (const auto& away : away_until_) consider(away);
  if (game_.phase() == engine::Phase::scoring) {
    consider(scoring_deadline_at_);
  } else {
    consider(flag_deadline());
    if (next_period_change_ms_ > 0) consider(next_period_change_ms_);
  }
  return next;
}

Outcome RoomState::on_timer(std::int64_t now_ms) {
  Outcome out;
  if (ended_) return out;
  for (const engine::Color color : {engine::Color::black, engine::Color::white}) {
    const auto& away = away_until_[index(color)];
    if (!away || now_ms < *away) continue;
    if (is_away(engine::opponent(color))) {
      // Neither player came back: no one has earned the game.
      finish(out, aborted_result(), std::nullopt, now_ms);
    } else {
      finish(out, win_by(engine::opponent(color), EndReason::forfeit), std::nullopt, now_ms);
    }
    return out;
  }
  if (game_.phase() == engine::Phase::scoring) {
    if (now_ms >= scoring_deadline_at_) settle_scoring(out, now_ms);
    return out;
  }
  if (const auto deadline = flag_deadline(); deadline && now_ms >= *deadline) {
    if (const auto flag = clock_.check_flag(now_ms)) {
      finish(out, win_by(engine::opponent(flag->loser), EndReason::time), std::nullopt, now_ms);
      return out;
    }
  }
  if (next_period_change_ms_ > 0 && now_ms >= next_period_change_ms_) {
    plan_period_change(now_ms);
    emit(out, [&](std::int64_t seq) { return protocol::game_clock(id(), seq, to_wire(clock_.snapshot(now_ms))); });
  }
  return out;
}

Outcome RoomState::player_left(engine::Color color, std::int64_t now_ms) {
  Outcome out;
  if (ended_ || is_away(color)) return out;
  away_until_[index(color)] = now_ms + setup_.disconnect_grace_ms;
  emit(out,
       [&](std::int64_t seq) { return protocol::game_opponent_gone(id(), seq, color, setup_.disconnect_grace_ms); });
  return out;
}

Outcome RoomState::player_back(engine::Color color, std::int64_t /*now_ms*/) {
  Outcome out;
  if (ended_ || !is_away(color)) return out;
  away_until_[index(color)].reset();
  emit(out, [&](std::int64_t seq) { return protocol::game_opponent_back(id(), seq, color); });
  return out;
}

Outcome RoomState::forfeit(engine::Color loser, std::int64_t now_ms) {
  Outcome out;
  if (ended_) return out;
  finish(out, win_by(engine::opponent(loser), EndReason::forfeit), std::nullopt, now_ms);
  return out;
}

}  // namespace yunzi::game
