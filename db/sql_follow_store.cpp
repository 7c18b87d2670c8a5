#include "db/sql_follow_store.hpp"

#include "db/row_reading.hpp"
#include "db/user_rows.hpp"

namespace yunzi::db {

DbResult<Done> SqlFollowStore::follow(UserId user, UserId followed, TimeMs at_ms) {
  return db_.execute("INSERT INTO follows (user_id, followed_id, created_ms) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                     user, followed, at_ms);
}

DbResult<Done> SqlFollowStore::unfollow(UserId user, UserId followed) {
  return expect_changed(db_, db_.execute("DELETE FROM follows WHERE user_id = ? AND followed_id = ?", user, followed),
                        "follow");
}

DbResult<std::vector<UserRecord>> SqlFollowStore::followed_by(UserId user) {
  static const std::string sql =
      select_users("id IN (SELECT followed_id FROM follows WHERE user_id = ?) ORDER BY name_key");
  return read_all<UserRecord>(db_.query(sql, user), read_user);
}

DbResult<std::vector<UserId>> SqlFollowStore::followers_of(UserId user, int limit) {
  return read_all<UserId>(db_.query("SELECT user_id FROM follows WHERE followed_id = ? LIMIT ?", user, limit),
                          [](const Row& row) { return row.integer(0); });
}

}  // namespace yunzi::db
