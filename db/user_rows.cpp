#include "db/user_rows.hpp"

namespace yunzi::db {

namespace {

constexpr std::string_view user_columns =
    "id, name, name_key, password_hash, rank, role, created_ms, last_login_ms, banned_until_ms, muted_until_ms, closed";

}  // namespace

DbResult<UserRecord> read_user(const Row& row) {
  auto rank = row.rank(4);
  if (!rank) return unexpected(rank.error());
  auto role = parse_role(row.text(5));
  if (!role) return db_failure(DbErrorKind::corrupt, "stored role '" + row.text(5) + "' is not user, bot or admin");
  UserRecord user;
  user.id = row.integer(0);
  user.name = row.text(1);
  user.name_key = row.text(2);
  user.password_hash = row.text(3);
  user.rank = *rank;
  user.role = *role;
  user.created_ms = row.integer(6);
  user.last_login_ms = row.optional_integer(7);
  user.banned_until_ms = row.optional_integer(8);
  user.muted_until_ms = row.optional_integer(9);
  user.closed = row.integer(10) != 0;
  return user;
}

std::string select_users(std::string_view where) {
  return "SELECT " + std::string(user_columns) + " FROM users WHERE " + std::string(where);
}

}  // namespace yunzi::db
