#include <algorithm>

#include "db/row_reading.hpp"
#include "db/sql_stores.hpp"
#include "db/user_rows.hpp"

namespace yunzi::db {

DbResult<UserRecord> SqlUserStore::create(const NewUser& user) {
  auto id = db_.insert(
      "INSERT INTO users (name, name_key, password_hash, rank, role, created_ms, name_skeleton) "
      "VALUES (?, ?, ?, ?, ?, ?, ?)",
      user.name, user.name_key, user.password_hash, user.rank, to_string(user.role), user.created_ms,
      user.name_skeleton);
  if (!id) return unexpected(id.error());
  UserRecord record;
  record.id = *id;
  record.name = user.name;
  record.name_key = user.name_key;
  record.password_hash = user.password_hash;
  record.rank = user.rank;
  record.role = user.role;
  record.created_ms = user.created_ms;
  return record;
}

DbResult<std::optional<UserRecord>> SqlUserStore::find_by_name_key(std::string_view name_key) {
  static const std::string sql = select_users("name_key = ?");
  return read_first<UserRecord>(db_.query(sql, name_key), read_user);
}

DbResult<std::optional<UserRecord>> SqlUserStore::find_by_name_skeleton(std::string_view skeleton) {
  static const std::string sql = select_users("name_skeleton = ?");
  return read_first<UserRecord>(db_.query(sql, skeleton), read_user);
}

DbResult<std::vector<UserRecord>> SqlUserStore::without_name_skeleton() {
  static const std::string sql = select_users("name_skeleton IS NULL ORDER BY id");
  return read_all<UserRecord>(db_.query(sql), read_user);
}

DbResult<Done> SqlUserStore::set_name_skeleton(UserId id, std::string_view skeleton) {
  return expect_changed(db_, db_.execute("UPDATE users SET name_skeleton = ? WHERE id = ?", skeleton, id), "user");
}

DbResult<std::optional<UserRecord>> SqlUserStore::find_by_id(UserId id) {
  static const std::string sql = select_users("id = ?");
  return read_first<UserRecord>(db_.query(sql, id), read_user);
}

DbResult<std::vector<UserRecord>> SqlUserStore::ranked_at_least(Rank rank) {
  static const std::string sql = select_users("closed = 0 AND rank >= ? ORDER BY id");
  return read_all<UserRecord>(db_.query(sql, rank), read_user);
}

DbResult<Done> SqlUserStore::set_rank(UserId id, Rank rank) {
  return expect_changed(db_, db_.execute("UPDATE users SET rank = ? WHERE id = ?", rank, id), "user");
}

DbResult<Done> SqlUserStore::set_role(UserId id, Role role) {
  return expect_changed(db_, db_.execute("UPDATE users SET role = ? WHERE id = ?", to_string(role), id), "user");
}

DbResult<Done> SqlUserStore::set_banned_until(UserId id, std::optional<TimeMs> until) {
  return expect_changed(db_, db_.execute("UPDATE users SET banned_until_ms = ? WHERE id = ?", until, id), "user");
}

DbResult<Done> SqlUserStore::set_muted_until(UserId id, std::optional<TimeMs> until) {
  return expect_changed(db_, db_.execute("UPDATE users SET muted_until_ms = ? WHERE id = ?", until, id), "user");
}

DbResult<Done> SqlUserStore::set_last_login(UserId id, TimeMs at) {
  return expect_changed(db_, db_.execute("UPDATE users SET last_login_ms = ? WHERE id = ?", at, id), "user");
}

DbResult<std::vector<UserRecord>> SqlUserStore::inactive_players(TimeMs now_ms, TimeMs idle_ms) {
  static const std::string sql =
      select_users("closed = 0 AND role = 'user' AND COALESCE(last_login_ms, created_ms) < ? ORDER BY id");
  return read_all<UserRecord>(db_.query(sql, now_ms - idle_ms), read_user);
}

DbResult<Done> SqlUserStore::retire(const UserRecord& user, TimeMs now_ms) {
  auto closed = expect_changed(db_, db_.execute("UPDATE users SET closed = 1 WHERE id = ?", user.id), "user");
  if (!closed) return closed;
  auto retired = db_.execute(
      "INSERT INTO retired_names (name_key, name, user_id, retired_ms) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
      user.name_key, user.name, user.id, now_ms);
  if (!retired) return unexpected(retired.error());
  return Done{};
}

DbResult<std::vector<UserRecord>> SqlUserStore::close_inactive(TimeMs now_ms, TimeMs idle_ms) {
  auto tx = Transaction::begin(db_);
  if (!tx) return unexpected(tx.error());
  auto idle = inactive_players(now_ms, idle_ms);
  if (!idle) return idle;
  for (UserRecord& user : *idle) {
    if (auto retired = retire(user, now_ms); !retired) return unexpected(retired.error());
    user.closed = true;
  }
  auto committed = tx->commit();
  if (!committed) return unexpected(committed.error());
  return idle;
}

DbResult<std::vector<UserRecord>> SqlUserStore::list(const UserQuery& query) {
  auto page = checked_page_size(query.limit);
  if (!page) return unexpected(page.error());
  // A name may hold `_` or `%`, which LIKE takes as wildcards: they are
  // escaped. Keys have their ASCII letters folded already, so SQLite's
  // ASCII-blind LIKE and PostgreSQL's exact one agree.
  static const std::string sql = select_users(
      "(? = '' OR name_key LIKE '%' || ? || '%' ESCAPE '!') AND (CAST(? AS TEXT) IS NULL OR role = ?) "
      "AND (? = 1 OR closed = 0) ORDER BY name_key LIMIT ? OFFSET ?");
  const std::optional<std::string> role =
      query.role ? std::optional<std::string>(std::string(to_string(*query.role))) : std::nullopt;
  std::string pattern;
  for (const char c : query.name_contains) {
    if (c == '!' || c == '%' || c == '_') pattern += '!';
    pattern += c;
  }
  return read_all<UserRecord>(
      db_.query(sql, query.name_contains, pattern, role, role, query.include_closed, *page, std::max(0, query.offset)),
      read_user);
}

DbResult<std::optional<RetiredName>> SqlUserStore::find_retired(std::string_view name_key) {
  return read_first<RetiredName>(
      db_.query("SELECT name_key, name, user_id, retired_ms FROM retired_names WHERE name_key = ?", name_key),
      [](const Row& row) {
        return RetiredName{row.text(0), row.text(1), row.optional_integer(2), row.integer(3)};
      });
}

}  // namespace yunzi::db
