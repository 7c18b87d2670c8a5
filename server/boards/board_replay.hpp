// Playing a whole board tree from its start position: every node judged by
// the engine along its own path. The walk goes depth first and takes the
// largest subtree of each node last, handing it the position itself, and a
// position is copied only when a child is taken up: so at most about
// log2(nodes) positions are held at once, whatever shape of tree a record
// gives (a copy late in a long game weighs tens of KiB).
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "core/expected.hpp"
#include "db/board_records.hpp"
#include "engine/game.hpp"

namespace yunzi::boards {

struct ReplayFailure {
  std::int64_t node = 0;
  int number = 0;  // the move's number along its path
  engine::MoveError error = engine::MoveError::off_board;
};

// Plays `move` on `game`; play goes on after two passes, as in a record.
Expected<Done, engine::MoveError> play_board_move(engine::Game& game, const engine::Move& move,
                                                  std::vector<engine::Vertex>* captured = nullptr);

// Called with the root's position (node 0) and each node's after its move.
using PositionVisitor = std::function<void(std::int64_t node, const engine::Game& position)>;

// `nodes` name their parents (0 is the root); the first illegal node found
// is reported.
Expected<Done, ReplayFailure> replay_tree(engine::Game start, const std::vector<db::BoardNodeRecord>& nodes,
                                          const PositionVisitor& visit = nullptr);

}  // namespace yunzi::boards
