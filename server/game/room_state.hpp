// The whole state of one game as plain data and pure functions of it: the
// engine's Game, the GameClock with each player's lag credit, scoring marks
// and acceptances, a pending undo request, presence of the players, the event
// counter and the log of sent events. Time is an input (`now_ms`, Unix ms);
// nothing here touches a socket, a timer or the database. Each input returns
// an Outcome that the room carries out (commit, then send).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/ring_queue.hpp"
#include "db/records.hpp"
#include "engine/game.hpp"
#include "protocol/payloads.hpp"
#include "protocol/replies.hpp"
#include "protocol/requests.hpp"
#include "server/clock/game_clock.hpp"
#include "server/clock/lag_compensator.hpp"
#include "server/game/event_log.hpp"
#include "server/game/move_time_left.hpp"
#include "server/game/room_outcome.hpp"
#include "server/game/turn_start_clocks.hpp"

namespace yunzi::game {

struct Seat {
  UserId user_id = 0;
  protocol::UserInfo info;
};

struct RoomSetup {
  GameId game = 0;
  GameSettings settings;
  Seat black;
  Seat white;
  std::int64_t started_ms = 0;
  std::int64_t disconnect_grace_ms = 120'000;
  std::int64_t scoring_deadline_ms = 180'000;
};

// One game.* request (watch, unwatch and sgf excepted) as the room passes it in.
struct RoomRequest {
  UserId user = 0;
  std::string user_name;
  bool muted = false;
  bool watching = false;            // the sending connection follows the room
  std::int64_t one_way_lag_ms = 0;  // half the connection's median ping
  protocol::Request request;
  protocol::RequestId id;
};

// After a restart the event counter jumps by this much, above anything sent
// but not stored before, so an old `since` gets the full state.
inline constexpr std::int64_t restore_seq_gap = 1000;

// An undo takes back the requester's last move and the opponent's reply.
inline constexpr std::size_t max_undo_moves = 2;

// The fields of a RoomState that do not grow with the game: small enough to
// copy whole when the state is saved before an input.
struct RoomLiveFields {
  explicit RoomLiveFields(clock::GameClock game_clock) : clock_(std::move(game_clock)) {}

  clock::GameClock clock_;
  std::array<clock::LagCompensator, 2> lag_;
  std::array<std::int64_t, 2> last_lag_ms_{};  // latest measured lag, for the flag timer's grace
  clock::ClockSnapshot turn_start_;
  std::int64_t next_period_change_ms_ = 0;  // 0: none due
  // Scoring: the shared marking, each player's own (what they marked or accepted).
  std::set<engine::Vertex> dead_;
  // Names dead_ for acceptances: the seq of the game.scoring event that
  // announced it, so it never repeats within a game, also across a restart
  // (restore_seq_gap). 0 outside scoring.
  std::int64_t marking_version_ = 0;
  std::array<std::set<engine::Vertex>, 2> marked_by_;
  std::array<bool, 2> accepted_{};
  std::int64_t scoring_deadline_at_ = 0;
  std::optional<engine::Color> undo_requested_by_;
  std::array<std::optional<std::int64_t>, 2> away_until_;
  bool ended_ = false;
  std::optional<protocol::GameEnd> end_;
  int spectators_ = 0;            // signed-in users, each once
  int anonymous_spectators_ = 0;  // connections without a login
  std::int64_t seq_ = 0;
};

struct SavedRoomState;

// Inherits its small fields, so the code of every input names them as its
// own while save() can copy them apart from the game record.
class RoomState : private RoomLiveFields {
 public:
  // A new game at now_ms: the clock starts and game.start (seq 1) is logged.
  static Expected<RoomState, std::string> create(const RoomSetup& setup, std::int64_t now_ms);
  // A stored game replayed; the clock resumes at now_ms from the stored
  // snapshot, so the time the server was down is not charged. Both players
  // are away until they come back.
  static Expected<RoomState, std::string> restore(const RoomSetup& setup, const db::GameWithMoves& stored,
                                                  std::int64_t now_ms);

  GameId id() const { return setup_.game; }
  const RoomSetup& setup() const { return setup_; }
  const engine::Game& game() const { return game_; }
  const clock::GameClock& game_clock() const { return clock_; }
  bool ended() const { return ended_; }
  bool in_scoring() const { return game_.phase() == engine::Phase::scoring; }
  // Ended by a count: dead_ then holds the final marking.
  bool counted() const { return end_ && end_->result.how == EndReason::count; }
  std::int64_t marking_version() const { return marking_version_; }
  std::int64_t seq() const { return seq_; }
  std::optional<engine::Color> color_of(UserId user) const;
  const EventLog& event_log() const { return log_; }
  // game.start with the game as it stands and the last seq: what a player
  // hears when the game starts (seq 1), and what a player joining it from
  // its start hears when the log no longer reaches back (the log does not
  // keep game.start itself).
  protocol::Frame start_frame(std::int64_t now_ms) const;

  // What a failed commit puts back (see SavedRoomState).
  SavedRoomState save() const;
  void restore(SavedRoomState saved);

  Outcome handle(const RoomRequest& request, std::int64_t now_ms);
  // The earliest instant something is due (flag, period change, scoring
  // deadline, forfeit); on_timer() at or after it acts.
  std::optional<std::int64_t> next_deadline() const;
  Outcome on_timer(std::int64_t now_ms);
  Outcome player_left(engine::Color color, std::int64_t now_ms);
  Outcome player_back(engine::Color color, std::int64_t now_ms);
  bool is_away(engine::Color color) const { return away_until_[index(color)].has_value(); }
  Outcome forfeit(engine::Color loser, std::int64_t now_ms);
  // The end is on disk: logs game.end with the rank changes and returns it.
  Delivery end_committed(std::vector<protocol::RankChange> rank_changes);
  const std::optional<protocol::GameEnd>& end() const { return end_; }

  // Returns true when either count changed.
  bool set_spectators(int users, int anonymous);
  int spectators() const { return spectators_; }
  int anonymous_spectators() const { return anonymous_spectators_; }
  protocol::GameSnapshot snapshot(std::int64_t now_ms) const;
  // The logged events with seq > since, or nullopt when the log does not
  // reach back that far (after a restart) or since is ahead of the room.
  std::optional<std::vector<protocol::Frame>> events_since(std::int64_t since) const;
  protocol::LobbyGame lobby_entry() const;
  std::string sgf() const;
  // The chat so far as a watcher sees it: while the game runs a player does
  // not see the spectators' channel.
  std::vector<protocol::ChatLine> chat_for(bool player) const;

 private:
  explicit RoomState(RoomSetup setup, engine::Game game, clock::GameClock game_clock);
  static constexpr std::size_t index(engine::Color c) { return c == engine::Color::black ? 0 : 1; }

  // Requests, by area (room_state.cpp, room_scoring.cpp, room_undo.cpp, room_chat.cpp).
  Outcome play(const RoomRequest& request, engine::Color color, std::optional<engine::Vertex> vertex,
               std::int64_t now_ms);
  Outcome mark_dead(const RoomRequest& request, engine::Color color, const protocol::req::GameDead& dead,
                    std::int64_t now_ms);
  Outcome accept_score(const RoomRequest& request, engine::Color color, std::int64_t marking_version,
                       std::int64_t now_ms);
  Outcome resume_from_scoring(const RoomRequest& request, std::int64_t now_ms);
  Outcome request_undo(const RoomRequest& request, engine::Color color);
  Outcome resign(const RoomRequest& request, engine::Color color, std::int64_t now_ms);
  Outcome answer_undo(const RoomRequest& request, engine::Color color, bool accept, std::int64_t now_ms);
  Outcome chat(const RoomRequest& request, const protocol::req::GameChat& chat, std::int64_t now_ms);

  void open_scoring(Outcome& out, std::int64_t now_ms);
  void settle_scoring(Outcome& out, std::int64_t now_ms);
  enum class Marking : bool { kept, new_version };
  void scoring_event(Outcome& out, std::int64_t now_ms, Marking marking);
  void leave_scoring(Outcome& out, std::int64_t now_ms);
  std::optional<int> undo_count(engine::Color requester) const;
  // Ends the game: stops the clock, records the result; the Outcome gets
  // the EndCommit.
  void finish(Outcome& out, const GameResult& result, std::optional<protocol::Score> score, std::int64_t now_ms);
  // A turn starts: remembers the clocks for undo and plans the next period change.
  void start_turn_timers(std::int64_t now_ms);
  void plan_period_change(std::int64_t now_ms);
  std::optional<std::int64_t> flag_deadline() const;
  template <class Build>
  void emit(Outcome& out, Build build) {
    const std::int64_t seq = ++seq_;
    protocol::Frame frame = build(seq);
    log_.append(seq, frame);
    out.events.push_back({Audience::everyone, std::move(frame)});
  }
  // emit() for game.move: the log keeps the move, not its frame (event_log.hpp).
  void emit_move(Outcome& out, protocol::MovePlayed played);
  std::string clock_state(std::int64_t now_ms) const;
  RoomReply error(const RoomRequest& request, protocol::ErrorCode code, std::string_view message) const;
  RoomReply ok(const RoomRequest& request) const;

  // What grows with the game, kept out of RoomLiveFields (see SavedRoomState).
  RoomSetup setup_;
  engine::Game game_;
  std::vector<MoveTimeLeft> times_left_;  // one a move, as game_.moves()
  TurnStartClocks turn_starts_;           // for undo
  EventLog log_;
  RingQueue<protocol::ChatLine> chat_;  // the newest db::max_chat_lines_per_game lines
};

// The state before an input that may commit, kept until the commit is done.
// Saving happens before every move, so it copies only the small fields; the
// board, the move list, the position history and the event log (about
// 100 KiB late in a 19x19 game, copied on every move before) are kept as
// lengths (the log as its last seq) and the last moves: inputs only append to them, or take back at
// most max_undo_moves moves. Going back replays the game from the start,
// which is slow but happens only when the database refused a change.
struct SavedRoomState {
  RoomLiveFields live;
  engine::GameMark game;  // its move count is that of the times left too
  std::vector<MoveTimeLeft> time_left_tail;
  std::vector<TurnStartClocks::Entry> clock_tail;
  std::int64_t last_logged_seq = 0;
};

}  // namespace yunzi::game
