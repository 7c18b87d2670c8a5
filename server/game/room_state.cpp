#include "server/game/room_state.hpp"

#include <algorithm>

#include "protocol/events.hpp"
#include "server/game/clock_codec.hpp"
#include "server/game/engine_setup.hpp"

namespace yunzi::game {

namespace {

template <class... Fs>
struct Overloaded : Fs... {
  using Fs::operator()...;
};
template <class... Fs>
Overloaded(Fs...) -> Overloaded<Fs...>;

// What the SGF shows as the mover's time left (BL/WL and OB/OW): main time
// while it lasts, then the current period and the periods or stones left.
void record_time_left(db::MoveRecord& record, const clock::ClockSnapshot& snapshot, engine::Color mover) {
  const clock::SideTime& side = snapshot.side(mover);
  switch (snapshot.system) {
    case TimeSystem::none: return;
    case TimeSystem::byoyomi:
    case TimeSystem::canadian:
      if (side.main_ms > 0) {
        record.clock_ms = side.main_ms;
      } else {
        record.clock_ms = side.period_ms;
        record.periods_left = snapshot.system == TimeSystem::byoyomi ? side.periods : side.stones;
      }
      return;
    default: record.clock_ms = side.main_ms;
  }
}

Expected<engine::Game, std::string> new_engine_game(const GameSettings& settings) {
  auto game = engine::Game::create(engine_setup(settings));
  if (!game) return unexpected("game setup: " + std::string(engine::describe(game.error())));
  return std::move(*game);
}

// A room's game keeps its board's chains only while a stone is checked and
// played (engine::Game::compact): between moves, a live 19x19 room holds
// 421 bytes of board instead of 9.7 KB.
class ChainsWhilePlaying {
 public:
  explicit ChainsWhilePlaying(engine::Game& game) : game_(game) { game_.expand(); }
  ~ChainsWhilePlaying() { game_.compact(); }
  ChainsWhilePlaying(const ChainsWhilePlaying&) = delete;
  ChainsWhilePlaying& operator=(const ChainsWhilePlaying&) = delete;

 private:
  engine::Game& game_;
};

}  // namespace

RoomState::RoomState(RoomSetup setup, engine::Game game, clock::GameClock game_clock)
    : RoomLiveFields(std::move(game_clock)),
      setup_(std::move(setup)),
      game_(std::move(game)),
      log_(MoveFrameContext{setup_.game, setup_.settings.size}) {
  game_.compact();
}

Expected<RoomState, std::string> RoomState::create(const RoomSetup& setup, std::int64_t now_ms) {
  auto game = new_engine_game(setup.settings);
  if (!game) return unexpected(game.error());
  auto game_clock = clock::GameClock::make(setup.settings.time);
  if (!game_clock) return unexpected("time control: " + game_clock.error());
  RoomState state(setup, std::move(*game), std::move(*game_clock));
  state.clock_.start(state.game_.to_move(), now_ms);
  state.start_turn_timers(now_ms);
  // game.start is seq 1. The log keeps the events after it, not the frame
  // (about 1 KB): a watcher asking for the events since before it gets the
  // state, which says what game.start says and more.
  state.log_.start_after(++state.seq_);
  return state;
}

Expected<RoomState, std::string> RoomState::restore(const RoomSetup& setup, const db::GameWithMoves& stored,
                                                    std::int64_t now_ms) {
  if (stored.game.status != db::GameStatus::playing) return unexpected(std::string("the game has ended"));
  auto game = new_engine_game(setup.settings);
  if (!game) return unexpected(game.error());
  for (const db::MoveRecord& record : stored.moves) {
    // A move after the two passes that opened scoring means play was resumed.
    if (game->phase() == engine::Phase::scoring) game->resume_play();
    const engine::Move& move = record.move;
    std::optional<engine::MoveError> refused;
    if (move.vertex) {
      if (auto played = game->play(move.color, *move.vertex); !played) refused = played.error();
    } else if (auto passed = game->pass(move.color); !passed) {
      refused = passed.error();
    }
    if (refused) {
      return unexpected("move " + std::to_string(record.number) + ": " + std::string(engine::describe(*refused)));
    }
  }
  auto game_clock = clock::GameClock::make(setup.settings.time);
  if (!game_clock) return unexpected("time control: " + game_clock.error());
  RoomState state(setup, std::move(*game), std::move(*game_clock));
  state.times_left_.reserve(stored.moves.size());
  for (const db::MoveRecord& record : stored.moves) state.times_left_.push_back(MoveTimeLeft::of(record));
  state.turn_starts_.assume_unknown(stored.moves.size());
  if (auto saved = decode_clock_state(stored.game.clock_state)) {
    // A snapshot that does not fit leaves full time: better than no game.
    if (state.clock_.restore(saved->clock)) {
      state.lag_[0] = clock::LagCompensator(saved->black_lag_quota_ms);
      state.lag_[1] = clock::LagCompensator(saved->white_lag_quota_ms);
    }
    state.seq_ = saved->seq;
  }
  state.seq_ += restore_seq_gap;
  state.log_.start_after(state.seq_);
  if (state.game_.phase() == engine::Phase::play) {
    state.clock_.resume(state.game_.to_move(), now_ms);
    state.start_turn_timers(now_ms);
  } else {
    Outcome ignored;
    state.open_scoring(ignored, now_ms);
  }
  state.away_until_ = {now_ms + setup.disconnect_grace_ms, now_ms + setup.disconnect_grace_ms};
  for (const db::ChatRecord& line : stored.chat) {
    const auto channel =
        line.channel == "spectators" ? protocol::ChatChannel::spectators : protocol::ChatChannel::players;
    state.chat_.push_back(protocol::ChatLine{line.from, line.text, channel});
  }
  return state;
}

SavedRoomState RoomState::save() const {
  const std::size_t tail = std::min(max_undo_moves, times_left_.size());
  const auto from = static_cast<std::ptrdiff_t>(times_left_.size() - tail);
  return SavedRoomState{static_cast<const RoomLiveFields&>(*this),
                        game_.mark(tail),
                        {times_left_.begin() + from, times_left_.end()},
                        turn_starts_.tail_from(times_left_.size() - tail),
                        log_.last_seq()};
}

void RoomState::restore(SavedRoomState saved) {
  static_cast<RoomLiveFields&>(*this) = std::move(saved.live);
  const std::size_t untouched = saved.game.move_count - saved.time_left_tail.size();
  times_left_.resize(untouched);
  times_left_.insert(times_left_.end(), saved.time_left_tail.begin(), saved.time_left_tail.end());
  turn_starts_.truncate(untouched);
  for (auto& clocks : saved.clock_tail) turn_starts_.push(std::move(clocks));
  game_.rewind(saved.game);
  game_.compact();
  log_.drop_after(saved.last_logged_seq);
}

std::optional<engine::Color> RoomState::color_of(UserId user) const {
  if (user == setup_.black.user_id) return engine::Color::black;
  if (user == setup_.white.user_id) return engine::Color::white;
  return std::nullopt;
}

Outcome RoomState::handle(const RoomRequest& request, std::int64_t now_ms) {
  using protocol::ErrorCode;
  namespace req = protocol::req;
  if (const auto* line = std::get_if<req::GameChat>(&request.request)) return chat(request, *line, now_ms);
  const auto color = color_of(request.user);
  if (!color) return {error(request, ErrorCode::forbidden, "only the players of this game may do that"), {}, {}};
  if (ended_) return {error(request, ErrorCode::wrong_phase, "the game has ended"), {}, {}};
  const int size = setup_.settings.size;
  return std::visit(Overloaded{
                        [&](const req::GameMove& move) -> Outcome {
                          if (move.vertex.is_pass()) return play(request, *color, std::nullopt, now_ms);
                          const auto vertex = move.vertex.on_board(size);
                          if (!vertex) {
                            return {error(request, ErrorCode::illegal_move,
                                          "off_board: " + move.vertex.text + " is not on the board"),
                                    {},
                                    {}};
                          }
                          return play(request, *color, vertex, now_ms);
                        },
                        [&](const req::GamePass&) { return play(request, *color, std::nullopt, now_ms); },
                        [&](const req::GameResign&) { return resign(request, *color, now_ms); },
                        [&](const req::GameUndo&) { return request_undo(request, *color); },
                        [&](const req::GameUndoAccept&) { return answer_undo(request, *color, true, now_ms); },
                        [&](const req::GameUndoDecline&) { return answer_undo(request, *color, false, now_ms); },
                        [&](const req::GameDead& dead) { return mark_dead(request, *color, dead, now_ms); },
                        [&](const req::GameScoreAccept& accept) {
                          return accept_score(request, *color, accept.marking_version, now_ms);
                        },
                        [&](const req::GameScoreResume&) { return resume_from_scoring(request, now_ms); },
                        [&](const auto&) -> Outcome {
                          return {error(request, ErrorCode::bad_request, "not a request a game room answers"), {}, {}};
                        },
                    },
                    request.request);
}

Outcome RoomState::play(const RoomRequest& request, engine::Color color, std::optional<engine::Vertex> vertex,
                        std::int64_t now_ms) {
  using protocol::ErrorCode;
  if (game_.phase() != engine::Phase::play) {
    return {error(request, ErrorCode::wrong_phase, "the game is in scoring: mark dead stones or resume"), {}, {}};
  }
  if (game_.to_move() != color) {
    return {error(request, ErrorCode::not_your_turn, std::string(engine::to_string(game_.to_move())) + " is to move"),
            {},
            {}};
  }
  std::optional<ChainsWhilePlaying> chains;
  if (vertex) {
    chains.emplace(game_);
    if (auto legal = game_.check(color, *vertex); !legal) {
      return {
          error(request, ErrorCode::illegal_move,
                std::string(engine::to_string(legal.error())) + ": " + std::string(engine::describe(legal.error()))),
          {},
          {}};
    }
  }
  Outcome out;
  const std::size_t c = index(color);
  last_lag_ms_[c] = request.one_way_lag_ms;
  const std::int64_t credit = lag_[c].credit(request.one_way_lag_ms, clock_.turn_elapsed_ms(now_ms));
  if (auto flag = clock_.on_move(color, now_ms, credit)) {
    finish(out, win_by(engine::opponent(color), EndReason::time), std::nullopt, now_ms);
    out.reply = error(request, ErrorCode::wrong_phase, "time ran out before the move: the game is lost on time");
    return out;
  }
  protocol::MovePlayed played;
  played.color = color;
  played.vertex = vertex;
  if (vertex) {
    played.captured = std::move(*game_.play(color, *vertex));
  } else {
    game_.pass(color);
  }
  played.move_number = static_cast<int>(game_.moves().size());
  db::MoveRecord record;
  record.number = played.move_number;
  record.move = engine::Move{color, vertex};
  record.server_ms = now_ms;
  const clock::ClockSnapshot after = clock_.snapshot(now_ms);
  record_time_left(record, after, color);
  times_left_.push_back(MoveTimeLeft::of(record));
  turn_starts_.push(turn_start_);
  played.clock = to_wire(after);
  start_turn_timers(now_ms);
  emit_move(out, std::move(played));
  if (game_.phase() == engine::Phase::scoring) open_scoring(out, now_ms);
  out.commit = MoveCommit{record, clock_state(now_ms)};
  out.reply = ok(request);
  out.lobby_changed = true;
  return out;
}

void RoomState::emit_move(Outcome& out, protocol::MovePlayed played) {
  out.events.push_back({Audience::everyone, log_.append_move(++seq_, std::move(played))});
}

Outcome RoomState::resign(const RoomRequest& request, engine::Color color, std::int64_t now_ms) {
  Outcome out;
  finish(out, win_by(engine::opponent(color), EndReason::resignation), std::nullopt, now_ms);
  out.reply = ok(request);
  return out;
}

void RoomState::finish(Outcome& out, const GameResult& result, std::optional<protocol::Score> score,
                       std::int64_t now_ms) {
  clock_.pause(now_ms);
  game_.finish(result);
  ended_ = true;
  next_period_change_ms_ = 0;
  away_until_ = {};
  undo_requested_by_.reset();
  end_ = protocol::GameEnd{result, score, {}};

  GameEndFacts facts;
  facts.game = id();
  facts.black_id = setup_.black.user_id;
  facts.white_id = setup_.white.user_id;
  facts.black_rank = setup_.black.info.rank;
  facts.white_rank = setup_.white.info.rank;
  facts.rated = setup_.settings.rated;
  facts.size = setup_.settings.size;
  facts.handicap = setup_.settings.handicap;
  facts.komi = setup_.settings.komi;
  facts.result = result;
  facts.move_count = static_cast<int>(game_.moves().size());
  facts.started_ms = setup_.started_ms;
  facts.ended_ms = now_ms;
  db::GameEnd end{result, now_ms, clock_state(now_ms)};
  if (result.how == EndReason::count) end.dead.assign(dead_.begin(), dead_.end());
  out.commit = EndCommit{std::move(end), std::move(facts)};
}

Delivery RoomState::end_committed(std::vector<protocol::RankChange> rank_changes) {
  end_->rank_changes = std::move(rank_changes);
  Outcome out;
  emit(out, [&](std::int64_t seq) { return protocol::game_end(id(), seq, *end_); });
  return out.events.front();
}

std::string RoomState::clock_state(std::int64_t now_ms) const {
  return encode_clock_state(StoredClock{clock_.snapshot(now_ms), lag_[0].remaining_ms(), lag_[1].remaining_ms(), seq_});
}

RoomReply RoomState::error(const RoomRequest& request, protocol::ErrorCode code, std::string_view message) const {
  return {protocol::encode_error(request.id, code, message), code};
}

RoomReply RoomState::ok(const RoomRequest& request) const { return {protocol::encode_ok(request.id)}; }

}  // namespace yunzi::game
