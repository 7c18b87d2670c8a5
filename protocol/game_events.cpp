#include "protocol/events.hpp"

#include "protocol/json_text.hpp"

namespace yunzi::protocol {

using nlohmann::json;

namespace {

json game_event(std::string_view type, std::int64_t game, std::int64_t seq) {
  return {{"type", type}, {"game", game}, {"seq", seq}};
}

Frame color_event(std::string_view type, std::int64_t game, std::int64_t seq, engine::Color color) {
  json out = game_event(type, game, seq);
  out["color"] = engine::to_string(color);
  return make_frame(out);
}

// Keys in sorted order (see json_text.hpp): main_ms, period_ms, periods, stones.
void write_side(JsonText& out, const SideClock& side) {
  out.open_object();
  out.key("main_ms");
  out.value(side.main_ms);
  if (side.period_ms) {
    out.key("period_ms");
    out.value(*side.period_ms);
  }
  if (side.periods) {
    out.key("periods");
    out.value(*side.periods);
  }
  if (side.stones) {
    out.key("stones");
    out.value(*side.stones);
  }
  out.close_object();
}

void write_clock(JsonText& out, const ClockState& clock) {
  out.open_object();
  out.key("black");
  write_side(out, clock.black);
  out.key("running");
  if (clock.running) {
    out.token(engine::to_string(*clock.running));
  } else {
    out.null();
  }
  out.key("white");
  write_side(out, clock.white);
  out.close_object();
}

}  // namespace

Frame game_start(const GameSnapshot& state) {
  json out = to_json(state);
  out["type"] = "game.start";
  return make_frame(out);
}

// Sent on every move to every player and spectator, so written without a
// JSON tree; keys in sorted order (see json_text.hpp).
Frame game_move(std::int64_t game, std::int64_t seq, int board_size, const MovePlayed& move) {
  JsonText out;
  out.open_object();
  out.key("captured");
  out.open_array();
  for (const engine::Vertex v : move.captured) out.token(engine::to_gtp(v, board_size));
  out.close_array();
  out.key("clock");
  write_clock(out, move.clock);
  out.key("color");
  out.token(engine::to_string(move.color));
  out.key("game");
  out.value(game);
  out.key("move_number");
  out.value(move.move_number);
  out.key("seq");
  out.value(seq);
  out.key("type");
  out.token("game.move");
  out.key("vertex");
  if (move.vertex) {
    out.token(engine::to_gtp(*move.vertex, board_size));
  } else {
    out.token("pass");
  }
  out.close_object();
  return std::make_shared<const std::string>(out.take());
}

Frame game_clock(std::int64_t game, std::int64_t seq, const ClockState& clock) {
  json out = game_event("game.clock", game, seq);
  out["clock"] = to_json(clock);
  return make_frame(out);
}

Frame game_scoring(std::int64_t game, std::int64_t seq, int board_size, const ScoringState& scoring) {
  json out = game_event("game.scoring", game, seq);
  out["dead"] = vertices_json(scoring.dead, board_size);
  out["marking_version"] = scoring.marking_version;
  out["accepted"] = {{"black", scoring.black_accepted}, {"white", scoring.white_accepted}};
  out["deadline_ms"] = scoring.deadline_ms;
  if (scoring.count) out["count"] = to_json(*scoring.count, board_size);
  return make_frame(out);
}

Frame game_end(std::int64_t game, std::int64_t seq, const GameEnd& end) {
  json out = game_event("game.end", game, seq);
  out["result"] = to_sgf(end.result);
  out["reason"] = to_string(end.result.how);
  if (end.score) out["score"] = to_json(*end.score);
  out["rank_changes"] = list_json(end.rank_changes);
  return make_frame(out);
}

Frame game_chat(std::int64_t game, const ChatLine& line) {
  return make_frame({{"type", "game.chat"},
                     {"game", game},
                     {"from", line.from},
                     {"text", line.text},
                     {"channel", to_string(line.channel)}});
}

Frame game_spectators(std::int64_t game, const SpectatorList& list) {
  return make_frame({{"type", "game.spectators"},
                     {"game", game},
                     {"spectators", list.spectators},
                     {"anonymous_spectators", list.anonymous_spectators},
                     {"spectator_names", list.names}});
}

Frame game_undo_requested(std::int64_t game, std::int64_t seq, engine::Color by) {
  return color_event("game.undo_requested", game, seq, by);
}

Frame game_undone(std::int64_t game, std::int64_t seq, const UndoDone& undo) {
  json out = game_event("game.undone", game, seq);
  out["moves_removed"] = undo.moves_removed;
  out["to_move"] = engine::to_string(undo.to_move);
  out["clock"] = to_json(undo.clock);
  return make_frame(out);
}

Frame game_undo_declined(std::int64_t game, std::int64_t seq, engine::Color by) {
  return color_event("game.undo_declined", game, seq, by);
}

Frame game_opponent_gone(std::int64_t game, std::int64_t seq, engine::Color who, std::int64_t deadline_ms) {
  json out = game_event("game.opponent_gone", game, seq);
  out["color"] = engine::to_string(who);
  out["deadline_ms"] = deadline_ms;
  return make_frame(out);
}

Frame game_opponent_back(std::int64_t game, std::int64_t seq, engine::Color who) {
  return color_event("game.opponent_back", game, seq, who);
}

}  // namespace yunzi::protocol
