// game.move as the generic path spells it: an nlohmann tree of the payload's
// JSON parts, printed by make_frame. The event is written without a tree on
// the server (protocol/json_text.hpp); the tests hold the two to the same
// bytes and the frame benchmark measures one against the other.
#pragma once

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "protocol/payload_json.hpp"

namespace yunzi::test {

inline std::string game_move_through_tree(std::int64_t game, std::int64_t seq, int size,
                                          const protocol::MovePlayed& move) {
  const nlohmann::json tree = {{"type", "game.move"},
                               {"game", game},
                               {"seq", seq},
                               {"color", engine::to_string(move.color)},
                               {"vertex", protocol::vertex_json(move.vertex, size)},
                               {"captured", protocol::vertices_json(move.captured, size)},
                               {"clock", protocol::to_json(move.clock)},
                               {"move_number", move.move_number}};
  return *protocol::make_frame(tree);
}

}  // namespace yunzi::test
