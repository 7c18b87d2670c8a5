// A board's move tree in memory, as the board service keeps an open board:
// the stored record, its nodes found by id, and the rules engine replayed
// along the path from the root to any node (setup and handicap stones
// first), which is how every move is judged. Pure: no I/O, no strand.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/expected.hpp"
#include "db/board_records.hpp"
#include "engine/game.hpp"
#include "protocol/board_messages.hpp"

namespace yunzi::boards {

// The engine's start position of a board: its handicap from fixed_handicap()
// when it has no stones set up, else the setup stones; turn order is not
// checked (the owner plays the colour to move after each node, and imported
// records may have two moves of one colour in a row).
engine::GameSetup board_setup(const db::NewBoard& board);

// A board's summary on the wire (owner name, node count and times as stored).
protocol::BoardSummary board_summary(const db::BoardRecord& board);

// What a move from a node would add: the node it makes or reuses.
struct PlannedMove {
  db::BoardNodeRecord node;
  bool added = false;  // false: an existing child is reused
  std::vector<engine::Vertex> captured;
  int number = 0;  // move number along the path
};

class BoardTree {
 public:
  // Checks that the nodes replay; the error names the node that does not.
  static Expected<BoardTree, std::string> from_record(db::BoardRecord record);

  const db::BoardRecord& record() const { return record_; }
  db::BoardRecord& record() { return record_; }
  bool has(std::int64_t node) const { return node == 0 || index_.contains(node); }
  std::int64_t node_count() const { return static_cast<std::int64_t>(record_.nodes.size()) + 1; }
  std::int64_t next_id() const { return next_id_; }

  // The colour to move after `node` (the root: White with a handicap, else Black,
  // unless the root's first child says otherwise).
  engine::Color to_move_at(std::int64_t node) const;
  // The move number of `node` along its path (0 for the root).
  int number_of(std::int64_t node) const;
  // The position after `node`, replayed from the start.
  Expected<engine::Game, std::string> game_at(std::int64_t node) const;
  // The colour to move at `from` playing `move` (nullopt: a pass): the node
  // it would add or reuse, or the engine's refusal.
  Expected<PlannedMove, engine::MoveError> plan_move(std::int64_t from, std::optional<engine::Vertex> move) const;

  void add(const db::BoardNodeRecord& node);
  // Removes `node` and everything below it; returns how many nodes went.
  std::int64_t cut(std::int64_t node);
  // `node` is `ancestor` or below it.
  bool is_within(std::int64_t node, std::int64_t ancestor) const;
  std::optional<std::int64_t> parent_of(std::int64_t node) const;

  protocol::BoardSummary summary() const;
  protocol::BoardNode wire_node(const db::BoardNodeRecord& node) const;
  protocol::BoardTree wire_tree() const;

 private:
  explicit BoardTree(db::BoardRecord record);
  void reindex();
  std::vector<const db::BoardNodeRecord*> path_to(std::int64_t node) const;

  db::BoardRecord record_;
  std::map<std::int64_t, std::size_t> index_;  // node id -> position in record_.nodes
  std::int64_t next_id_ = 1;
};

}  // namespace yunzi::boards
