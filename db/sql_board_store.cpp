#include "db/sql_board_store.hpp"

#include "db/board_tree_text.hpp"
#include "db/row_reading.hpp"

namespace yunzi::db {
namespace {

// The columns read_board() expects, from boards b joined to its owner u.
constexpr std::string_view board_columns =
    "SELECT b.id, b.owner_id, u.name, b.title, b.size, b.komi, b.handicap, b.ko_rule, b.source_game, b.black_name,"
    " b.white_name, b.node_count, b.current_node, b.created_ms, b.updated_ms, b.result";
constexpr std::string_view board_joins = " FROM boards b JOIN users u ON u.id = b.owner_id";

BoardRecord read_board(const Row& row) {
  BoardRecord out;
  out.id = row.integer(0);
  out.owner_id = row.integer(1);
  out.owner_name = row.text(2);
  out.title = row.text(3);
  out.size = static_cast<int>(row.integer(4));
  out.komi = row.real(5);
  out.handicap = static_cast<int>(row.integer(6));
  out.ko_rule = engine::parse_ko_rule(row.text(7)).value_or(engine::KoRule::positional);
  out.source_game = row.optional_integer(8);
  out.black_name = row.text(9);
  out.white_name = row.text(10);
  out.node_count = row.integer(11);
  out.current = row.integer(12);
  out.created_ms = row.integer(13);
  out.updated_ms = row.integer(14);
  out.result = row.text(15);
  return out;
}

struct StoredTree {
  std::string nodes, black, white, comments;
};

}  // namespace

DbResult<BoardId> SqlBoardStore::create(const NewBoard& board) {
  return db_.insert(
      "INSERT INTO boards (owner_id, title, size, komi, handicap, ko_rule, source_game, black_name, white_name,"
      " setup_black, setup_white, tree, node_count, current_node, created_ms, updated_ms, result, comments)"
      " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      board.owner_id, board.title, board.size, board.komi, board.handicap, engine::to_string(board.ko_rule),
      board.source_game, board.black_name, board.white_name, encode_points(board.setup_black),
      encode_points(board.setup_white), encode_board_nodes(board.nodes),
      static_cast<std::int64_t>(board.nodes.size()) + 1, board.current, board.created_ms, board.created_ms,
      board.result, encode_board_comments(board.comments));
}

DbResult<std::optional<BoardRecord>> SqlBoardStore::find(BoardId id) {
  static const std::string sql = std::string(board_columns) + ", b.tree, b.setup_black, b.setup_white, b.comments" +
                                 std::string(board_joins) + " WHERE b.id = ? AND b.deleted_ms IS NULL";
  StoredTree stored;
  auto found = read_first<BoardRecord>(db_.query(sql, id), [&stored](const Row& row) {
    stored = StoredTree{row.text(16), row.text(17), row.text(18), row.text(19)};
    return read_board(row);
  });
  if (!found || !*found) return found;
  BoardRecord& board = **found;
  auto nodes = decode_board_nodes(stored.nodes, board.size);
  auto black = decode_points(stored.black, board.size);
  auto white = decode_points(stored.white, board.size);
  auto comments = decode_board_comments(stored.comments);
  if (!nodes || !black || !white || !comments) {
    return db_failure(DbErrorKind::corrupt, "board " + std::to_string(id) + ": the stored tree cannot be read");
  }
  board.nodes = std::move(*nodes);
  board.setup_black = std::move(*black);
  board.setup_white = std::move(*white);
  board.comments = std::move(*comments);
  return found;
}

DbResult<Done> SqlBoardStore::save_tree(BoardId id, const BoardTreeChange& change) {
  return expect_changed(
      db_,
      db_.execute("UPDATE boards SET tree = ?, comments = ?, node_count = ?, current_node = ?,"
                  " updated_ms = ? WHERE id = ? AND deleted_ms IS NULL",
                  encode_board_nodes(change.nodes), encode_board_comments(change.comments),
                  static_cast<std::int64_t>(change.nodes.size()) + 1, change.current, change.updated_ms, id),
      "board");
}

DbResult<Done> SqlBoardStore::set_current(BoardId id, std::int64_t current) {
  return expect_changed(
      db_, db_.execute("UPDATE boards SET current_node = ? WHERE id = ? AND deleted_ms IS NULL", current, id), "board");
}

DbResult<Done> SqlBoardStore::remove(BoardId id, TimeMs at_ms) {
  return expect_changed(db_,
                        db_.execute("UPDATE boards SET deleted_ms = ?, tree = '', setup_black = '', setup_white = '',"
                                    " comments = '', node_count = 0 WHERE id = ? AND deleted_ms IS NULL",
                                    at_ms, id),
                        "board");
}

DbResult<std::int64_t> SqlBoardStore::count_of_owner(UserId owner) {
  return read_count(db_.query("SELECT COUNT(*) FROM boards WHERE owner_id = ? AND deleted_ms IS NULL", owner));
}

DbResult<std::int64_t> SqlBoardStore::created_since(UserId owner, TimeMs since_ms) {
  return read_count(db_.query("SELECT COUNT(*) FROM boards WHERE owner_id = ? AND created_ms >= ?", owner, since_ms));
}

DbResult<std::vector<BoardRecord>> SqlBoardStore::of_owner(UserId owner, int limit) {
  if (limit < 1) return db_failure(DbErrorKind::invalid_argument, "limit must be positive");
  static const std::string sql = std::string(board_columns) + std::string(board_joins) +
                                 " WHERE b.owner_id = ? AND b.deleted_ms IS NULL ORDER BY b.updated_ms DESC, b.id DESC"
                                 " LIMIT ?";
  return read_all<BoardRecord>(db_.query(sql, owner, limit), read_board);
}

}  // namespace yunzi::db
