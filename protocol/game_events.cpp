#include "protocol/events.hpp"

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

}  // namespace

Frame game_start(const GameSnapshot& state) {
  json out = to_json(state);
  out["type"] = "game.start";
  return make_frame(out);
}

Frame game_move(std::int64_t game, std::int64_t seq, int board_size, const MovePlayed& move) {
  json out = game_event("game.move", game, seq);
  out["color"] = engine::to_string(move.color);
  out["vertex"] = vertex_json(move.vertex, board_size);
  out["captured"] = vertices_json(move.captured, board_size);
  out["clock"] = to_json(move.clock);
  out["move_number"] = move.move_number;
  return make_frame(out);
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
