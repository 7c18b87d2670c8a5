// Analysis and demo boards on the wire: a board's summary, its move tree
// (nodes in creation order, a parent always before its children), a
// position's score estimate, the replies that carry them and the events
// to a board's watchers (board.node, board.current, board.cut,
// board.deleted). Vertices need the board size, as everywhere.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/game_result.hpp"
#include "engine/types.hpp"
#include "protocol/payload_json.hpp"
#include "protocol/replies.hpp"

namespace yunzi::protocol {

struct BoardSummary {
  std::int64_t id = 0;
  std::string owner;
  std::string title;
  int size = 19;
  double komi = 7.5;
  int handicap = 0;
  std::int64_t nodes = 1;
  std::optional<std::int64_t> game;  // the game it was copied from
  std::int64_t created_at = 0;       // Unix ms
  std::int64_t updated_at = 0;
  // The players of the copied game or of the record's PB/PW; empty when none.
  std::string black;
  std::string white;
  std::string result;  // RE of an imported record; empty when none
};

// The root (id 0) has no parent and no move.
struct BoardNode {
  std::int64_t id = 0;
  std::optional<std::int64_t> parent;
  std::optional<engine::Move> move;
  int number = 0;       // the move number along the path from the root
  std::string comment;  // C of an imported record; only in a board's tree
};

struct BoardTree {
  int size = 19;
  std::vector<BoardNode> nodes;
  std::int64_t current = 0;
  std::vector<engine::Vertex> black_setup;  // handicap and setup stones of the root
  std::vector<engine::Vertex> white_setup;
};

// An area count with a dead-stone guess; margin and result after komi and handicap compensation.
struct PositionEstimate {
  int size = 19;
  double black = 0;
  double white = 0;
  double margin = 0;
  GameResult result;  // sent in SGF form
  std::vector<engine::Vertex> dead;
  std::vector<engine::Vertex> black_territory;
  std::vector<engine::Vertex> white_territory;
};

nlohmann::json to_json(const BoardSummary& board);
nlohmann::json to_json(const BoardNode& node, int size);
nlohmann::json to_json(const BoardTree& tree);
nlohmann::json to_json(const PositionEstimate& estimate);

Frame reply_board(RequestId id, const BoardSummary& board);  // board.create
Frame reply_board_watch(RequestId id, const BoardSummary& board, const BoardTree& tree);
Frame reply_board_play(RequestId id, const BoardNode& node, int size, const std::vector<engine::Vertex>& captured);
Frame reply_board_cut(RequestId id, std::int64_t removed);
Frame reply_boards(RequestId id, const std::vector<BoardSummary>& boards);  // board.list
Frame reply_estimate(RequestId id, const PositionEstimate& estimate);       // board.estimate, game.estimate

Frame board_node(std::int64_t board, const BoardNode& node, int size);
Frame board_current(std::int64_t board, std::int64_t node);
Frame board_cut(std::int64_t board, std::int64_t node, std::int64_t current);
Frame board_deleted(std::int64_t board);

}  // namespace yunzi::protocol
