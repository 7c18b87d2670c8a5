// Reads of the game store: whole games with their moves, profiles, lists.
#include <algorithm>

#include "db/game_settings_columns.hpp"
#include "db/result_columns.hpp"
#include "db/row_reading.hpp"
#include "db/sql_stores.hpp"

namespace yunzi::db {

namespace {

constexpr std::string_view game_select =
    "SELECT g.id, g.black_id, g.white_id, b.name, w.name, g.black_rank, g.white_rank, g.color_choice, g.rated, "
    "g.handicap, g.komi, g.size, g.time_system, g.time_main_s, g.time_periods, g.time_period_s, g.time_stones, "
    "g.time_increment_s, g.time_max_s, g.status, g.result, g.move_count, g.started_ms, g.ended_ms, "
    "g.clock_state, g.annulled, g.ko_rule FROM games g JOIN users b ON b.id = g.black_id "
    "JOIN users w ON w.id = g.white_id ";

GameStatus read_status(const std::string& text) { return text == "ended" ? GameStatus::ended : GameStatus::playing; }

DbResult<GameRecord> read_game(const Row& row) {
  auto black_rank = row.rank(5);
  if (!black_rank) return unexpected(black_rank.error());
  auto white_rank = row.rank(6);
  if (!white_rank) return unexpected(white_rank.error());
  GameRecord g;
  g.id = row.integer(0);
  g.black_id = row.integer(1);
  g.white_id = row.integer(2);
  g.black_name = row.text(3);
  g.white_name = row.text(4);
  g.black_rank = *black_rank;
  g.white_rank = *white_rank;
  g.settings.color = read_color_choice(row, 7);
  g.settings.rated = row.integer(8) != 0;
  g.settings.handicap = static_cast<int>(row.integer(9));
  g.settings.komi = row.real(10);
  g.settings.size = static_cast<int>(row.integer(11));
  g.settings.time = read_time_columns(row, 12);
  g.status = read_status(row.text(19));
  g.result = stored_result(row.optional_text(20));
  g.move_count = static_cast<int>(row.integer(21));
  g.started_ms = row.integer(22);
  g.ended_ms = row.optional_integer(23);
  g.clock_state = row.text(24);
  g.annulled = row.integer(25) != 0;
  g.settings.ko = read_ko_rule(row, 26);
  return g;
}

MoveRecord read_move(const Row& row) {
  MoveRecord m;
  m.number = static_cast<int>(row.integer(0));
  const std::string letter = row.text(1);  // 'B' or 'W', the column's CHECK
  const auto color = letter.size() == 1 ? parse_color_letter(letter[0]) : std::nullopt;
  m.move.color = color.value_or(engine::Color::white);
  if (!row.is_null(2) && !row.is_null(3)) {
    m.move.vertex = engine::Vertex{static_cast<int>(row.integer(2)), static_cast<int>(row.integer(3))};
  }
  m.clock_ms = row.optional_integer(4);
  if (auto periods = row.optional_integer(5)) m.periods_left = static_cast<int>(*periods);
  m.server_ms = row.integer(6);
  return m;
}

}  // namespace

DbResult<std::vector<MoveRecord>> SqlGameStore::moves_of(GameId game) {
  return read_all<MoveRecord>(
      db_.query("SELECT number, color, x, y, clock_ms, periods_left, server_ms FROM moves WHERE game_id = ? "
                "ORDER BY number",
                game),
      read_move);
}

DbResult<std::vector<ChatRecord>> SqlGameStore::chat_of(GameId game) {
  return read_all<ChatRecord>(
      db_.query("SELECT from_name, text, channel, at_ms FROM game_chat WHERE game_id = ? ORDER BY id", game),
      [](const Row& row) {
        return ChatRecord{row.text(0), row.text(1), row.text(2), row.integer(3)};
      });
}

DbResult<std::vector<engine::Vertex>> SqlGameStore::final_dead_of(GameId game) {
  return read_all<engine::Vertex>(
      db_.query("SELECT x, y FROM game_final_marking WHERE game_id = ? ORDER BY x, y", game), [](const Row& row) {
        return engine::Vertex{static_cast<int>(row.integer(0)), static_cast<int>(row.integer(1))};
      });
}

DbResult<std::vector<GameWithMoves>> SqlGameStore::load_in_progress() {
  static const std::string sql = std::string(game_select) + "WHERE g.status = 'playing' ORDER BY g.id";
  auto games = read_all<GameRecord>(db_.query(sql), read_game);
  if (!games) return unexpected(games.error());
  std::vector<GameWithMoves> loaded;
  loaded.reserve(games->size());
  for (GameRecord& game : *games) {
    auto moves = moves_of(game.id);
    if (!moves) return unexpected(moves.error());
    auto chat = chat_of(game.id);
    if (!chat) return unexpected(chat.error());
    loaded.push_back(GameWithMoves{std::move(game), std::move(*moves), std::move(*chat)});
  }
  return loaded;
}

DbResult<std::optional<GameWithMoves>> SqlGameStore::load(GameId game) {
  static const std::string sql = std::string(game_select) + "WHERE g.id = ?";
  auto found = read_first<GameRecord>(db_.query(sql, game), read_game);
  if (!found) return unexpected(found.error());
  if (!*found) return std::optional<GameWithMoves>();
  auto moves = moves_of(game);
  if (!moves) return unexpected(moves.error());
  auto chat = chat_of(game);
  if (!chat) return unexpected(chat.error());
  auto final_dead = final_dead_of(game);
  if (!final_dead) return unexpected(final_dead.error());
  return std::optional<GameWithMoves>(
      GameWithMoves{std::move(**found), std::move(*moves), std::move(*chat), std::move(*final_dead)});
}

DbResult<std::optional<Profile>> SqlGameStore::profile(UserId user) {
  auto record = SqlUserStore(db_).find_by_id(user);
  if (!record) return unexpected(record.error());
  if (!*record) return std::optional<Profile>();
  // Draws ("0") and void games have no winner and count as neither.
  auto counts = db_.query(
      "SELECT "
      "COALESCE(SUM(CASE WHEN (black_id = ?1 AND winner = 'black') OR (white_id = ?1 AND winner = 'white') "
      "THEN 1 ELSE 0 END), 0), "
      "COALESCE(SUM(CASE WHEN (black_id = ?1 AND winner = 'white') OR (white_id = ?1 AND winner = 'black') "
      "THEN 1 ELSE 0 END), 0) "
      "FROM games WHERE status = 'ended' AND (black_id = ?1 OR white_id = ?1)",
      user);
  if (!counts) return unexpected(counts.error());
  auto stepped = counts->step();
  if (!stepped) return unexpected(stepped.error());
  Profile profile{std::move(**record), 0, 0};
  if (*stepped) {
    profile.wins = static_cast<int>(counts->row().integer(0));
    profile.losses = static_cast<int>(counts->row().integer(1));
  }
  return std::optional<Profile>(std::move(profile));
}

DbResult<std::vector<GameSummary>> SqlGameStore::games_of_user(UserId user, std::optional<GameId> before, int limit) {
  auto page = checked_page_size(limit);
  if (!page) return unexpected(page.error());
  return read_all<GameSummary>(
      db_.query("SELECT g.id, b.name, w.name, g.result, g.rated, g.status, g.ended_ms FROM games g "
                "JOIN users b ON b.id = g.black_id JOIN users w ON w.id = g.white_id "
                "WHERE (g.black_id = ?1 OR g.white_id = ?1) AND g.id < ?2 ORDER BY g.id DESC LIMIT ?3",
                user, before.value_or(INT64_MAX), *page),
      [](const Row& row) {
        return GameSummary{row.integer(0),
                           row.text(1),
                           row.text(2),
                           stored_result(row.optional_text(3)),
                           row.integer(4) != 0,
                           read_status(row.text(5)),
                           row.optional_integer(6)};
      });
}

DbResult<std::vector<GameId>> SqlGameStore::in_progress_of_user(UserId user) {
  return read_all<GameId>(
      db_.query("SELECT id FROM games WHERE status = 'playing' AND (black_id = ?1 OR white_id = ?1) ORDER BY id", user),
      [](const Row& row) { return row.integer(0); });
}

DbResult<std::vector<GameId>> SqlGameStore::ended_after(GameId after, int limit) {
  return read_all<GameId>(
      db_.query("SELECT id FROM games WHERE status = 'ended' AND annulled = 0 AND id > ? ORDER BY id LIMIT ?", after,
                std::clamp(limit, 1, max_page_size)),
      [](const Row& row) { return row.integer(0); });
}

DbResult<GamesInProgress> SqlGameStore::lock_games_in_progress(UserId user) {
  // A write of nothing, for its row lock (SQLite's one writer orders every transaction already).
  if (auto locked = db_.execute("UPDATE users SET closed = closed WHERE id = ?", user); !locked) {
    return unexpected(locked.error());
  }
  auto counted = read_first<GamesInProgress>(
      db_.query("SELECT COUNT(*), COALESCE(SUM(CASE WHEN rated = 1 THEN 1 ELSE 0 END), 0) FROM games "
                "WHERE status = 'playing' AND (black_id = ?1 OR white_id = ?1)",
                user),
      [](const Row& row) {
        return GamesInProgress{static_cast<int>(row.integer(0)), static_cast<int>(row.integer(1))};
      });
  if (!counted) return unexpected(counted.error());
  return counted->value_or(GamesInProgress{});
}

DbResult<std::vector<GameRecord>> SqlGameStore::rated_games_of_user(UserId user, TimeMs after_ms) {
  return read_all<GameRecord>(
      db_.query(std::string(game_select) +
                    "WHERE g.id IN (SELECT id FROM games WHERE black_id = ?1 AND status = 'ended' AND rated = 1 "
                    "AND ended_ms > ?2 UNION ALL SELECT id FROM games WHERE white_id = ?1 AND status = 'ended' "
                    "AND rated = 1 AND ended_ms > ?2) ORDER BY g.ended_ms, g.id",
                user, after_ms),
      read_game);
}

}  // namespace yunzi::db
