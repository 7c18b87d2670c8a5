// Writes of the game store: creating, moves, undo, the end of a game.
#include "db/game_settings_columns.hpp"
#include "db/result_columns.hpp"
#include "db/row_reading.hpp"
#include "db/sql_ownership_store.hpp"
#include "db/sql_stores.hpp"

namespace yunzi::db {

DbResult<GameId> SqlGameStore::create(const NewGame& g) {
  const GameSettings& settings = g.settings;
  if (settings.size < engine::min_board_size || settings.size > engine::max_board_size) {
    return db_failure(DbErrorKind::invalid_argument, "board size out of range");
  }
  const TimeColumns t = time_columns(settings.time);
  return db_.insert(
      "INSERT INTO games (black_id, white_id, black_rank, white_rank, rated, handicap, komi, size, color_choice, "
      "ko_rule, time_system, time_main_s, time_periods, time_period_s, time_stones, time_increment_s, time_max_s, "
      "started_ms, clock_state) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      g.black_id, g.white_id, g.black_rank, g.white_rank, settings.rated, settings.handicap, settings.komi,
      settings.size, to_string(settings.color), to_string(settings.ko), t.system, t.main_s, t.periods, t.period_s,
      t.stones, t.increment_s, t.max_s, g.started_ms, g.clock_state);
}

namespace {

// A move's colour and point as the moves table spells them (no point: a pass).
struct MoveColumns {
  std::string color;
  std::optional<int> x;
  std::optional<int> y;
};

MoveColumns columns_of(const MoveRecord& m) {
  MoveColumns columns{std::string(1, to_letter(m.move.color)), std::nullopt, std::nullopt};
  if (m.move.vertex) {
    columns.x = m.move.vertex->x;
    columns.y = m.move.vertex->y;
  }
  return columns;
}

Unexpected<DbError> out_of_order(GameId game, const MoveRecord& m) {
  return db_failure(DbErrorKind::conflict, "game " + std::to_string(game) + " is not in play or move " +
                                               std::to_string(m.number) + " is out of order");
}

}  // namespace

DbResult<Done> SqlGameStore::append_move(GameId game, const MoveRecord& m, std::string_view clock_state,
                                         const GameFence* fence) {
  if (db_.engine() == Engine::postgresql) return append_move_at_once(game, m, clock_state, fence);
  auto tx = Transaction::begin(db_);
  if (!tx) return unexpected(tx.error());
  if (fence != nullptr) {
    if (auto held = hold_game(db_, game, *fence); !held) return held;
  }
  // The guard on move_count keeps the record gap-free even if two rooms
  // ever raced for one game.
  auto counted = db_.execute(
      "UPDATE games SET move_count = ?, clock_state = ? WHERE id = ? AND status = 'playing' AND move_count = ?",
      m.number, clock_state, game, m.number - 1);
  if (!counted) return counted;
  if (db_.changes() == 0) return out_of_order(game, m);
  const auto [color, x, y] = columns_of(m);
  auto inserted = db_.execute(
      "INSERT INTO moves (game_id, number, color, x, y, clock_ms, periods_left, server_ms) VALUES (?, ?, ?, ?, ?, ?, "
      "?, ?)",
      game, m.number, color, x, y, m.clock_ms, m.periods_left, m.server_ms);
  if (!inserted) return inserted;
  return tx->commit();
}

DbResult<Done> SqlGameStore::append_move_at_once(GameId game, const MoveRecord& m, std::string_view clock_state,
                                                 const GameFence* fence) {
  // A single statement is atomic by itself: no savepoint of its own, so a move costs one round trip. Its rows
  // tell a lost hold from a move out of order. Without a fence the hold is not asked for (?6 = 0).
  static constexpr std::string_view sql =
      "WITH held AS (SELECT 1 FROM game_owners WHERE ?6 = 1 AND game_id = ?1 AND node = ?2 AND epoch = ?3 FOR SHARE), "
      "counted AS (UPDATE games SET move_count = ?4, clock_state = ?5 WHERE id = ?1 AND status = 'playing' "
      "AND move_count = ?4 - 1 AND (?6 = 0 OR EXISTS (SELECT 1 FROM held)) RETURNING id), "
      "stored AS (INSERT INTO moves (game_id, number, color, x, y, clock_ms, periods_left, server_ms) "
      "SELECT id, ?4, ?7::text, ?8::bigint, ?9::bigint, ?10::bigint, ?11::bigint, ?12::bigint FROM counted RETURNING 1) "
      "SELECT (SELECT count(*) FROM held), (SELECT count(*) FROM stored)";
  const auto [color, x, y] = columns_of(m);
  const std::string_view node = fence != nullptr ? std::string_view(fence->node) : std::string_view();
  const std::int64_t epoch = fence != nullptr ? fence->epoch : 0;
  auto counts = read_first<std::pair<std::int64_t, std::int64_t>>(
      db_.query(sql, game, node, epoch, m.number, clock_state, fence != nullptr, color, x, y, m.clock_ms,
                m.periods_left, m.server_ms),
      [](const Row& row) { return std::pair(row.integer(0), row.integer(1)); });
  if (!counts) return unexpected(counts.error());
  const auto [held, stored] = counts->value_or(std::pair<std::int64_t, std::int64_t>{0, 0});
  if (fence != nullptr && held == 0) return lost_hold(game, *fence);
  if (stored == 0) return out_of_order(game, m);
  return Done{};
}

DbResult<Done> SqlGameStore::undo_moves(GameId game, int count, std::string_view clock_state) {
  if (count < 1) return db_failure(DbErrorKind::invalid_argument, "undo needs at least one move");
  auto tx = Transaction::begin(db_);
  if (!tx) return unexpected(tx.error());
  auto counted = db_.execute(
      "UPDATE games SET move_count = move_count - ?, clock_state = ? WHERE id = ? AND status = 'playing' AND "
      "move_count >= ?",
      count, clock_state, game, count);
  if (!counted) return counted;
  if (db_.changes() == 0) {
    return db_failure(DbErrorKind::conflict, "game " + std::to_string(game) + " is not in play or has too few moves");
  }
  auto removed = db_.execute(
      "DELETE FROM moves WHERE game_id = ?1 AND number > (SELECT move_count FROM games WHERE id = ?1)", game);
  if (!removed) return removed;
  return tx->commit();
}

DbResult<Done> SqlGameStore::end_game(GameId game, const GameEnd& end, std::span<const RankEvent> rank_events) {
  auto tx = Transaction::begin(db_);
  if (!tx) return unexpected(tx.error());
  auto ended = db_.execute(
      "UPDATE games SET status = 'ended', result = ?, reason = ?, winner = ?, ended_ms = ?, clock_state = ? "
      "WHERE id = ? AND status = 'playing'",
      to_sgf(end.result), std::string(to_string(end.result.how)), winner_column(end.result), end.ended_ms,
      end.clock_state, game);
  if (!ended) return ended;
  if (db_.changes() == 0) {
    return db_failure(DbErrorKind::conflict, "game " + std::to_string(game) + " is not in play");
  }
  for (const engine::Vertex stone : end.dead) {
    auto kept = db_.execute("INSERT INTO game_final_marking (game_id, x, y) VALUES (?, ?, ?)", game, stone.x, stone.y);
    if (!kept) return kept;
  }
  SqlRankStore ranks(db_);
  for (const RankEvent& event : rank_events) {
    auto recorded = ranks.record_change(event);
    if (!recorded) return unexpected(recorded.error());
  }
  return tx->commit();
}

DbResult<Done> SqlGameStore::set_annulled(GameId game) {
  return expect_changed(db_, db_.execute("UPDATE games SET annulled = 1 WHERE id = ?", game),
                        "game " + std::to_string(game));
}

DbResult<Done> SqlGameStore::append_chat(GameId game, const ChatRecord& line) {
  auto tx = Transaction::begin(db_);
  if (!tx) return unexpected(tx.error());
  auto inserted = db_.execute("INSERT INTO game_chat (game_id, from_name, text, channel, at_ms) VALUES (?, ?, ?, ?, ?)",
                              game, line.from, line.text, line.channel, line.at_ms);
  if (!inserted) return inserted;
  // Only the newest lines are kept: everything older than the Nth newest goes.
  auto trimmed = db_.execute(
      "DELETE FROM game_chat WHERE game_id = ? AND id <= (SELECT id FROM game_chat WHERE game_id = ? ORDER BY id "
      "DESC LIMIT 1 OFFSET ?)",
      game, game, max_chat_lines_per_game);
  if (!trimmed) return trimmed;
  return tx->commit();
}

}  // namespace yunzi::db
