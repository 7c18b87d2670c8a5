#include "db/row_reading.hpp"
#include "db/sql_stores.hpp"

namespace yunzi::db {

DbResult<std::int64_t> SqlRankStore::record_change(const RankEvent& e) {
  auto tx = Transaction::begin(db_);
  if (!tx) return unexpected(tx.error());
  auto id = db_.insert(
      "INSERT INTO rank_events (user_id, from_rank, to_rank, reason, game_id, at_ms) VALUES (?, ?, ?, ?, ?, ?)",
      e.user_id, e.from_rank, e.to_rank, e.reason, e.game_id, e.at_ms);
  if (!id) return id;
  auto ranked = SqlUserStore(db_).set_rank(e.user_id, e.to_rank);
  if (!ranked) return unexpected(ranked.error());
  auto committed = tx->commit();
  if (!committed) return unexpected(committed.error());
  return id;
}

namespace {

constexpr std::string_view event_select =
    "SELECT id, user_id, from_rank, to_rank, reason, game_id, at_ms, superseded_ms FROM rank_events ";

DbResult<RankEvent> read_event(const Row& row) {
  auto from_rank = row.rank(2);
  if (!from_rank) return unexpected(from_rank.error());
  auto to_rank = row.rank(3);
  if (!to_rank) return unexpected(to_rank.error());
  return RankEvent{row.integer(0), row.integer(1),          *from_rank,     *to_rank,
                   row.text(4),    row.optional_integer(5), row.integer(6), row.optional_integer(7)};
}

}  // namespace

DbResult<std::vector<RankEvent>> SqlRankStore::events_of_user(UserId user, int limit) {
  auto page = checked_page_size(limit);
  if (!page) return unexpected(page.error());
  // By time first: an annulment records its replacements late, at the times of the games that caused them.
  return read_all<RankEvent>(
      db_.query(std::string(event_select) +
                    "WHERE user_id = ? AND superseded_ms IS NULL ORDER BY at_ms DESC, id DESC LIMIT ?",
                user, *page),
      read_event);
}

DbResult<std::vector<RankEvent>> SqlRankStore::history_of_user(UserId user) {
  return read_all<RankEvent>(db_.query(std::string(event_select) + "WHERE user_id = ? ORDER BY at_ms, id", user),
                             read_event);
}

DbResult<Done> SqlRankStore::supersede(std::int64_t event, TimeMs at_ms) {
  return expect_changed(
      db_, db_.execute("UPDATE rank_events SET superseded_ms = ? WHERE id = ? AND superseded_ms IS NULL", at_ms, event),
      "standing rank event " + std::to_string(event));
}

DbResult<std::int64_t> SqlRankStore::add_conversion(const RatedConversion& c) {
  return db_.insert("INSERT INTO rated_conversions (game_id, user_id, reason, at_ms) VALUES (?, ?, ?, ?)", c.game_id,
                    c.user_id, c.reason, c.at_ms);
}

DbResult<std::vector<RatedConversion>> SqlRankStore::conversions_of_user(UserId user) {
  return read_all<RatedConversion>(
      db_.query("SELECT id, game_id, user_id, reason, at_ms FROM rated_conversions WHERE user_id = ? ORDER BY id",
                user),
      [](const Row& row) {
        return RatedConversion{row.integer(0), row.integer(1), row.integer(2), row.text(3), row.integer(4)};
      });
}

DbResult<Done> SqlRankStore::flag_short_game(const ShortGameFlag& flag) {
  return db_.execute(
      "INSERT INTO short_game_flags (game_id, move_count, flagged_ms) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
      flag.game_id, flag.move_count, flag.flagged_ms);
}

DbResult<std::vector<ShortGameFlag>> SqlRankStore::short_games_of_user(UserId user, TimeMs since_ms) {
  return read_all<ShortGameFlag>(
      db_.query("SELECT f.game_id, f.move_count, f.flagged_ms FROM short_game_flags f JOIN games g ON g.id = "
                "f.game_id WHERE (g.black_id = ?1 OR g.white_id = ?1) AND g.started_ms >= ?2 ORDER BY f.game_id",
                user, since_ms),
      [](const Row& row) {
        return ShortGameFlag{row.integer(0), static_cast<int>(row.integer(1)), row.integer(2)};
      });
}

}  // namespace yunzi::db
