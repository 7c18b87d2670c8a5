// A game record read from an SGF tree: the game information of the root, the
// setup stones, the main line (the first child at every step) as moves with
// their times and comments, and every other variation kept as an SgfTree
// hanging at its place on the main line, so the writer can put it back.
// read_sgf_game() also plays the main line on a Game, which checks every
// move; an illegal move is an SgfError carrying its move number.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.hpp"
#include "engine/game.hpp"
#include "engine/sgf_parser.hpp"
#include "engine/sgf_tree.hpp"
#include "engine/types.hpp"

namespace yunzi::engine {

struct SgfGameInfo {
  int size = 19;
  double komi = 0;  // in points (see parse_sgf_komi for KM[375] and KM[3.75])
  int handicap = 0;
  std::string rules;  // RU as written ("Chinese", "Japanese", ...)
  std::string black_name, white_name, black_rank, white_rank;
  std::string date, result, event, round, place, game_name;
  std::optional<double> main_time;  // TM in seconds; a TM that is no number stays in `other`
  std::string overtime;             // OT
  std::string comment;              // the root's C
  // Every other root property except FF, CA and GM, written back as read.
  std::vector<SgfProperty> other;
  friend bool operator==(const SgfGameInfo&, const SgfGameInfo&) = default;
};

struct SgfRecordNode {
  std::optional<Move> move;  // a node may also carry only a comment
  // BL/WL: seconds left; OB/OW: stones (or periods) left. Values that are
  // no number stay in `other`.
  std::optional<double> black_time_left, white_time_left;
  std::optional<int> black_stones_left, white_stones_left;
  std::string comment;
  std::vector<SgfProperty> other;
  std::size_t offset = 0;  // where the node's move value was read; not compared

  friend bool operator==(const SgfRecordNode& a, const SgfRecordNode& b) {
    return a.move == b.move && a.black_time_left == b.black_time_left && a.white_time_left == b.white_time_left &&
           a.black_stones_left == b.black_stones_left && a.white_stones_left == b.white_stones_left &&
           a.comment == b.comment && a.other == b.other;
  }
};

// Alternatives to the main line at one point: `alternatives.roots` are the
// second, third... children of the main-line node `after` (0 is the root,
// k the k-th node of SgfRecord::main_line), in order.
struct SgfBranch {
  std::size_t after = 0;
  SgfTree alternatives;
  friend bool operator==(const SgfBranch& a, const SgfBranch& b);
};

struct SgfRecord {
  SgfGameInfo info;
  std::vector<Vertex> black_stones, white_stones;  // root AB / AW (AE applied)
  std::vector<SgfRecordNode> main_line;
  std::vector<SgfBranch> branches;
  std::string source_charset;  // how the text was decoded; not compared
  std::size_t root_offset = 0;

  friend bool operator==(const SgfRecord& a, const SgfRecord& b) {
    return a.info == b.info && a.black_stones == b.black_stones && a.white_stones == b.white_stones &&
           a.main_line == b.main_line && a.branches == b.branches;
  }
};

// True when the subtrees under a's node `na` and b's node `nb` hold the same
// properties in the same shape (offsets ignored).
bool same_subtree(const SgfTree& a, std::size_t na, const SgfTree& b, std::size_t nb);

// The record of game `game_index` of a parsed collection, without playing it.
Expected<SgfRecord, SgfError> record_from_tree(const SgfTree& tree, std::size_t game_index = 0);

// The Game set up from the record (size, komi, ko rule from RU, setup or
// handicap stones, first player) with the main line played on it.
Expected<Game, SgfError> replay_main_line(const SgfRecord& record);

struct SgfGame {
  SgfRecord record;
  Game game;  // after the last move of the main line
};

// Parses, builds the record of the first game and plays its main line.
Expected<SgfGame, SgfError> read_sgf_game(std::string_view text, const SgfLimits& limits = {});

}  // namespace yunzi::engine
