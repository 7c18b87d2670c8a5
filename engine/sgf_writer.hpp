// Writes SGF FF[4] text, always UTF-8 (CA[UTF-8]): a whole tree as it is,
// a game record (game information, setup stones, main line with times and
// comments, the kept variations), or a finished game described by a plain
// SgfExport, which is how the server turns its stored rows into an SGF file.
// Values are escaped (']' and '\'); lines are wrapped between properties
// near 80 columns, never inside a value.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/game_result.hpp"
#include "engine/sgf_record.hpp"
#include "engine/sgf_tree.hpp"
#include "engine/types.hpp"

namespace yunzi::engine {

// Every game tree of `tree`, properties in their stored order. The values
// must be UTF-8 already (everything the parser returns is).
std::string write_sgf(const SgfTree& tree);

// The tree the record is written as: a root with FF[4] CA[UTF-8] GM[1], the
// game information and AB/AW, then one node per main-line entry, with each
// branch's alternatives after the main-line child of their node.
SgfTree record_to_tree(const SgfRecord& record);
std::string write_sgf(const SgfRecord& record);

struct SgfExportMove {
  Move move;
  std::optional<double> time_left;  // seconds left for the mover after it (BL/WL)
  std::optional<int> periods_left;  // byo-yomi stones or periods left (OB/OW)
  std::string comment;              // C, e.g. a review's note on the position after it
};

struct SgfExport {
  int size = 19;
  double komi = 7.5;  // points
  int handicap = 0;   // HA: 1 for 让先 (no stones), 2..9 with their stones
  std::vector<Vertex> handicap_stones;
  std::string rules = "Chinese";
  std::string black_name, white_name, black_rank, white_rank;
  std::string date;                  // "2024-05-01"
  std::optional<GameResult> result;  // RE, written by to_sgf; none while unfinished
  std::optional<double> main_time;   // TM, seconds
  std::string overtime;              // OT, e.g. "3x30 byo-yomi"
  std::string comment;               // C of the root
  std::vector<SgfExportMove> moves;
  // A counted game's territory (scoring.hpp's territory(): dead stones'
  // points included), written as TB/TW in the last node.
  std::vector<Vertex> black_territory;
  std::vector<Vertex> white_territory;
};

SgfRecord record_from_export(const SgfExport& game);
std::string write_sgf(const SgfExport& game);

}  // namespace yunzi::engine
