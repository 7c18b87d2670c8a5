// RoomState: the scoring phase. One shared marking of dead chains that both
// players edit, named by a version that changes with it, and each player's
// own marking (the chains they marked plus the marking they last accepted)
// for the deadline rule. An acceptance names the version it agrees to, so
// a change the player has not seen yet cannot be accepted on their behalf.
#include <string>
#include <vector>

#include "engine/scoring.hpp"
#include "protocol/events.hpp"
#include "server/game/area_count.hpp"
#include "server/game/clock_codec.hpp"
#include "server/game/room_state.hpp"

namespace yunzi::game {

void RoomState::open_scoring(Outcome& out, std::int64_t now_ms) {
  clock_.pause(now_ms);
  next_period_change_ms_ = 0;
  undo_requested_by_.reset();
  dead_.clear();
  marked_by_ = {};
  accepted_ = {};
  scoring_deadline_at_ = now_ms + setup_.scoring_deadline_ms;
  scoring_event(out, now_ms, Marking::new_version);
}

void RoomState::scoring_event(Outcome& out, std::int64_t now_ms, Marking marking) {
  protocol::ScoringState scoring;
  scoring.dead.assign(dead_.begin(), dead_.end());
  scoring.black_accepted = accepted_[0];
  scoring.white_accepted = accepted_[1];
  scoring.deadline_ms = std::max<std::int64_t>(scoring_deadline_at_ - now_ms, 0);
  scoring.count = area_count(game_, scoring.dead);
  emit(out, [&](std::int64_t seq) {
    if (marking == Marking::new_version) marking_version_ = seq;
    scoring.marking_version = marking_version_;
    return protocol::game_scoring(id(), seq, setup_.settings.size, scoring);
  });
}

Outcome RoomState::mark_dead(const RoomRequest& request, engine::Color color, const protocol::req::GameDead& dead,
                             std::int64_t now_ms) {
  using protocol::ErrorCode;
  if (game_.phase() != engine::Phase::scoring) {
    return {error(request, ErrorCode::wrong_phase, "dead stones are marked in the scoring phase"), {}, {}};
  }
  const auto vertex = dead.vertex.on_board(setup_.settings.size);
  if (!vertex) return {error(request, ErrorCode::bad_request, "vertex: not a point on this board"), {}, {}};
  const std::vector<engine::Vertex> chain = engine::chain_at(game_.board(), *vertex);
  if (chain.empty()) return {error(request, ErrorCode::bad_request, "vertex: no stone at " + dead.vertex.text), {}, {}};
  bool changed = false;
  for (const engine::Vertex stone : chain) {
    if (dead.dead) {
      changed |= dead_.insert(stone).second;
      marked_by_[index(color)].insert(stone);
    } else {
      changed |= dead_.erase(stone) > 0;
      for (auto& marking : marked_by_) marking.erase(stone);
    }
  }
  Outcome out;
  out.reply = ok(request);
  if (changed) {
    accepted_ = {};
    scoring_event(out, now_ms, Marking::new_version);
  }
  return out;
}

Outcome RoomState::accept_score(const RoomRequest& request, engine::Color color, std::int64_t marking_version,
                                std::int64_t now_ms) {
  using protocol::ErrorCode;
  if (game_.phase() != engine::Phase::scoring) {
    return {error(request, ErrorCode::wrong_phase, "there is no count to accept during play"), {}, {}};
  }
  if (marking_version != marking_version_) {
    return {error(request, ErrorCode::conflict,
                  "the marking changed: version " + std::to_string(marking_version_) + " is current"),
            {},
            {}};
  }
  Outcome out;
  out.reply = ok(request);
  accepted_[index(color)] = true;
  marked_by_[index(color)] = dead_;
  if (accepted_[0] && accepted_[1]) {
    settle_scoring(out, now_ms);
  } else {
    scoring_event(out, now_ms, Marking::kept);
  }
  return out;
}

Outcome RoomState::resume_from_scoring(const RoomRequest& request, std::int64_t now_ms) {
  if (game_.phase() != engine::Phase::scoring) {
    return {error(request, protocol::ErrorCode::wrong_phase, "the game is not in scoring"), {}, {}};
  }
  Outcome out;
  out.reply = ok(request);
  leave_scoring(out, now_ms);
  return out;
}

// Counts when both players' markings agree (always so after two accepts);
// otherwise the dispute is settled by playing on.
void RoomState::settle_scoring(Outcome& out, std::int64_t now_ms) {
  if (marked_by_[0] != marked_by_[1]) {
    leave_scoring(out, now_ms);
    return;
  }
  const std::vector<engine::Vertex> dead(dead_.begin(), dead_.end());
  auto score = engine::score_game(game_, dead);
  if (!score) {
    // The marking only ever holds stones of the board it was made on.
    leave_scoring(out, now_ms);
    return;
  }
  const protocol::Score counted{score->black_area, score->white_area, setup_.settings.komi};
  finish(out, score->result, counted, now_ms);
}

void RoomState::leave_scoring(Outcome& out, std::int64_t now_ms) {
  game_.resume_play();
  dead_.clear();
  marking_version_ = 0;
  marked_by_ = {};
  accepted_ = {};
  scoring_deadline_at_ = 0;
  clock_.resume(game_.to_move(), now_ms);
  start_turn_timers(now_ms);
  emit(out, [&](std::int64_t seq) { return protocol::game_clock(id(), seq, to_wire(clock_.snapshot(now_ms))); });
}

}  // namespace yunzi::game
