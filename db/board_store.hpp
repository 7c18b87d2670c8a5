// Analysis boards: creation, the tree saved whole after each change, the
// owner's list, and deletion (the row stays, without its tree, so the
// boards made within an hour can still be counted).
#pragma once

#include <optional>
#include <vector>

#include "db/board_records.hpp"
#include "db/error.hpp"

namespace yunzi::db {

// A board's tree after a change: its nodes, their comments (a cut takes
// some away), where the owner stands, and when.
struct BoardTreeChange {
  const std::vector<BoardNodeRecord>& nodes;
  const std::map<std::int64_t, std::string>& comments;
  std::int64_t current = 0;
  TimeMs updated_ms = 0;
};

class BoardStore {
 public:
  virtual ~BoardStore() = default;
  virtual DbResult<BoardId> create(const NewBoard& board) = 0;
  // A board not deleted, with its tree; nullopt when there is none.
  virtual DbResult<std::optional<BoardRecord>> find(BoardId id) = 0;
  // The tree and current node after a change; not_found for a deleted board.
  virtual DbResult<Done> save_tree(BoardId id, const BoardTreeChange& change) = 0;
  // Where the owner stands; not a change of the tree, so updated_ms stays.
  virtual DbResult<Done> set_current(BoardId id, std::int64_t current) = 0;
  virtual DbResult<Done> remove(BoardId id, TimeMs at_ms) = 0;
  // The boards the user holds (deleted ones left out).
  virtual DbResult<std::int64_t> count_of_owner(UserId owner) = 0;
  // The boards the user made at or after since_ms, deleted ones included.
  virtual DbResult<std::int64_t> created_since(UserId owner, TimeMs since_ms) = 0;
  // The user's boards, most recently updated first, without their trees.
  virtual DbResult<std::vector<BoardRecord>> of_owner(UserId owner, int limit) = 0;
};

}  // namespace yunzi::db
