// The rank store's review list: players whose short rated games await an
// admin, and the games an admin kept as played.
#include "db/row_reading.hpp"
#include "db/sql_stores.hpp"

namespace yunzi::db {

namespace {

// Each flagged game once per player, for games that are not annulled and not
// reviewed for that player.
constexpr std::string_view awaiting_review =
    "WITH flagged(player, game) AS ("
    " SELECT g.black_id, g.id FROM short_game_flags f JOIN games g ON g.id = f.game_id WHERE g.annulled = 0"
    " UNION ALL"
    " SELECT g.white_id, g.id FROM short_game_flags f JOIN games g ON g.id = f.game_id WHERE g.annulled = 0),"
    " awaiting(player, game) AS ("
    " SELECT player, game FROM flagged WHERE NOT EXISTS"
    " (SELECT 1 FROM short_game_reviews r WHERE r.game_id = flagged.game AND r.user_id = flagged.player)) ";

}  // namespace

DbResult<std::vector<UserId>> SqlRankStore::players_awaiting_review(int threshold, std::string_view after_name_key,
                                                                    int limit) {
  auto page = checked_page_size(limit);
  if (!page) return unexpected(page.error());
  return read_all<UserId>(
      db_.query(std::string(awaiting_review) +
                    "SELECT a.player FROM awaiting a JOIN users u ON u.id = a.player WHERE u.name_key > ? "
                    "GROUP BY a.player HAVING COUNT(*) >= ? ORDER BY MIN(u.name_key) LIMIT ?",
                after_name_key, threshold, *page),
      [](const Row& row) { return row.integer(0); });
}

DbResult<std::vector<GameId>> SqlRankStore::short_games_awaiting_review(UserId user) {
  return read_all<GameId>(
      db_.query(std::string(awaiting_review) + "SELECT game FROM awaiting WHERE player = ? ORDER BY game", user),
      [](const Row& row) { return row.integer(0); });
}

DbResult<Done> SqlRankStore::add_short_game_review(const ShortGameReview& review) {
  return db_.execute("INSERT INTO short_game_reviews (game_id, user_id, reviewed_by, reviewed_ms) VALUES (?, ?, ?, ?)",
                     review.game_id, review.user_id, review.reviewed_by, review.reviewed_ms);
}

}  // namespace yunzi::db
