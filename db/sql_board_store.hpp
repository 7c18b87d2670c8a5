// The SQLite board store (see db/board_store.hpp).
#pragma once

#include "db/board_store.hpp"
#include "db/connection.hpp"

namespace yunzi::db {

class SqlBoardStore final : public BoardStore {
 public:
  explicit SqlBoardStore(Connection& connection) : db_(connection) {}
  DbResult<BoardId> create(const NewBoard& board) override;
  DbResult<std::optional<BoardRecord>> find(BoardId id) override;
  DbResult<Done> save_tree(BoardId id, const BoardTreeChange& change) override;
  DbResult<Done> set_current(BoardId id, std::int64_t current) override;
  DbResult<Done> remove(BoardId id, TimeMs at_ms) override;
  DbResult<std::int64_t> count_of_owner(UserId owner) override;
  DbResult<std::int64_t> created_since(UserId owner, TimeMs since_ms) override;
  DbResult<std::vector<BoardRecord>> of_owner(UserId owner, int limit) override;

 private:
  Connection& db_;
};

}  // namespace yunzi::db
