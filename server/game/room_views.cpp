// RoomState: what others are shown of a game (the full state, missed
// events, the lobby entry, the SGF record).
#include "db/game_sgf.hpp"
#include "protocol/events.hpp"
#include "server/game/area_count.hpp"
#include "server/game/clock_codec.hpp"
#include "server/game/room_state.hpp"

namespace yunzi::game {

bool RoomState::set_spectators(int users, int anonymous) {
  if (users == spectators_ && anonymous == anonymous_spectators_) return false;
  spectators_ = users;
  anonymous_spectators_ = anonymous;
  return true;
}

protocol::GameSnapshot RoomState::snapshot(std::int64_t now_ms) const {
  protocol::GameSnapshot out;
  out.game = id();
  out.seq = seq_;
  out.settings = setup_.settings;
  out.black = setup_.black.info;
  out.white = setup_.white.info;
  for (const engine::Move& move : game_.moves()) out.moves.push_back(move.vertex);
  for (const engine::SetupStone& stone : game_.start_stones()) out.handicap_stones.push_back(stone.vertex);
  out.to_move = game_.to_move();
  out.phase = ended_ ? protocol::Phase::ended
                     : (game_.phase() == engine::Phase::scoring ? protocol::Phase::scoring : protocol::Phase::play);
  out.clock = to_wire(clock_.snapshot(now_ms));
  out.captures = {game_.captures(engine::Color::black), game_.captures(engine::Color::white)};
  if (!ended_) {
    out.dead.assign(dead_.begin(), dead_.end());
    out.marking_version = marking_version_;
  } else if (counted()) {
    out.dead.assign(dead_.begin(), dead_.end());  // the final marking
  }
  if (out.phase == protocol::Phase::scoring || counted()) out.count = area_count(game_, out.dead);
  if (end_) out.result = end_->result;
  out.spectators = spectators_;
  out.anonymous_spectators = anonymous_spectators_;
  return out;
}

std::optional<std::vector<protocol::Frame>> RoomState::events_since(std::int64_t since) const {
  return log_.since(since, seq_);
}

protocol::LobbyGame RoomState::lobby_entry() const {
  protocol::LobbyGame out;
  out.game = id();
  out.black = setup_.black.info;
  out.white = setup_.white.info;
  out.size = setup_.settings.size;
  out.handicap = setup_.settings.handicap;
  out.komi = setup_.settings.komi;
  out.rated = setup_.settings.rated;
  out.move_number = static_cast<int>(game_.moves().size());
  out.spectators = spectators_;
  out.anonymous_spectators = anonymous_spectators_;
  return out;
}

protocol::Frame RoomState::start_frame(std::int64_t now_ms) const { return protocol::game_start(snapshot(now_ms)); }

std::string RoomState::sgf() const {
  db::GameWithMoves record;
  db::GameRecord& g = record.game;
  g.id = id();
  g.black_id = setup_.black.user_id;
  g.white_id = setup_.white.user_id;
  g.black_name = setup_.black.info.name;
  g.white_name = setup_.white.info.name;
  g.black_rank = setup_.black.info.rank;
  g.white_rank = setup_.white.info.rank;
  g.settings = setup_.settings;
  g.started_ms = setup_.started_ms;
  if (end_) {
    g.result = end_->result;
  }
  const std::vector<engine::Move>& moves = game_.moves();
  g.move_count = static_cast<int>(moves.size());
  record.moves.reserve(moves.size());
  for (std::size_t i = 0; i < moves.size(); ++i) {
    record.moves.push_back(times_left_[i].record(static_cast<int>(i) + 1, moves[i]));
  }
  if (counted()) record.final_dead.assign(dead_.begin(), dead_.end());
  return db::game_sgf(record);
}

}  // namespace yunzi::game
