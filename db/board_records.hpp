// Analysis boards as the board store keeps them: a move tree (nodes in
// creation order, a parent always before its children; the root, node 0,
// is implicit) with the board's setup and where its owner stands.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "db/records.hpp"
#include "engine/types.hpp"

namespace yunzi::db {

struct BoardNodeRecord {
  std::int64_t id = 0;      // >= 1
  std::int64_t parent = 0;  // 0 is the root
  engine::Move move;
  friend bool operator==(const BoardNodeRecord&, const BoardNodeRecord&) = default;
};

struct NewBoard {
  UserId owner_id = 0;
  std::string title;
  int size = 19;
  double komi = 7.5;
  int handicap = 0;
  engine::KoRule ko_rule = engine::KoRule::positional;
  std::optional<GameId> source_game;
  std::string black_name, white_name;                    // PB/PW of an imported record or the copied game's players
  std::vector<engine::Vertex> setup_black, setup_white;  // stones set up besides the handicap
  std::vector<BoardNodeRecord> nodes;
  std::string result;                            // RE of an imported record; empty when none
  std::map<std::int64_t, std::string> comments;  // C of an imported record by node id (0: the root)
  std::int64_t current = 0;
  TimeMs created_ms = 0;
};

struct BoardRecord : NewBoard {
  BoardId id = 0;
  std::string owner_name;
  std::int64_t node_count = 1;  // the root included
  TimeMs updated_ms = 0;
};

}  // namespace yunzi::db
