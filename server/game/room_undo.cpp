// RoomState: undo in friendly games, with the opponent's consent.
#include "protocol/events.hpp"
#include "server/game/clock_codec.hpp"
#include "server/game/room_state.hpp"

namespace yunzi::game {

// The requester's last move, and the opponent's reply if one followed: at
// most max_undo_moves.
std::optional<int> RoomState::undo_count(engine::Color requester) const {
  const auto& moves = game_.moves();
  const std::size_t n = moves.size();
  if (n >= 1 && moves[n - 1].color == requester) return 1;
  if (n >= 2 && moves[n - 2].color == requester) return 2;
  return std::nullopt;
}

Outcome RoomState::request_undo(const RoomRequest& request, engine::Color color) {
  using protocol::ErrorCode;
  if (setup_.settings.rated) return {error(request, ErrorCode::forbidden, "undo is for friendly games only"), {}, {}};
  if (game_.phase() != engine::Phase::play) {
    return {error(request, ErrorCode::wrong_phase, "moves are taken back during play only"), {}, {}};
  }
  if (undo_requested_by_) return {error(request, ErrorCode::conflict, "an undo request is already pending"), {}, {}};
  if (!undo_count(color)) return {error(request, ErrorCode::conflict, "you have no move to take back"), {}, {}};
  undo_requested_by_ = color;
  Outcome out;
  out.reply = ok(request);
  emit(out, [&](std::int64_t seq) { return protocol::game_undo_requested(id(), seq, color); });
  return out;
}

Outcome RoomState::answer_undo(const RoomRequest& request, engine::Color color, bool accept, std::int64_t now_ms) {
  using protocol::ErrorCode;
  if (!undo_requested_by_) return {error(request, ErrorCode::conflict, "no undo request is pending"), {}, {}};
  if (*undo_requested_by_ == color) {
    return {error(request, ErrorCode::forbidden, "the opponent answers an undo request"), {}, {}};
  }
  const engine::Color requester = *undo_requested_by_;
  undo_requested_by_.reset();
  Outcome out;
  out.reply = ok(request);
  const auto count = accept ? undo_count(requester) : std::nullopt;
  if (!count) {
    emit(out, [&](std::int64_t seq) { return protocol::game_undo_declined(id(), seq, color); });
    return out;
  }
  const std::size_t keep = times_left_.size() - static_cast<std::size_t>(*count);
  const TurnStartClocks::Entry rewind = turn_starts_.at(keep);
  clock_.pause(now_ms);
  for (int i = 0; i < *count; ++i) game_.undo();
  game_.compact();
  times_left_.resize(keep);
  turn_starts_.truncate(keep);
  // The clocks go back to the instant the first undone move was made; a move
  // replayed from storage after a restart, or further back than the clocks
  // are kept (turn_start_clocks.hpp), has no such snapshot, and then the
  // clocks simply stay as they are.
  if (rewind) clock_.restore(*rewind);
  clock_.start(game_.to_move(), now_ms);
  start_turn_timers(now_ms);
  const protocol::UndoDone done{*count, game_.to_move(), to_wire(clock_.snapshot(now_ms))};
  emit(out, [&](std::int64_t seq) { return protocol::game_undone(id(), seq, done); });
  out.commit = UndoCommit{*count, clock_state(now_ms)};
  out.lobby_changed = true;
  return out;
}

}  // namespace yunzi::game
