// `yunzi-admin db users`: the account list, searched by a part of the name
// and by role, a page at a time, for finding the exact name to act on.
#include <ostream>

#include "core/rank.hpp"
#include "db/database.hpp"
#include "db/sql_stores.hpp"
#include "db/time_text.hpp"
#include "tools/yunzi-admin/db_cli_parts.hpp"
#include "tools/yunzi-admin/exit_codes.hpp"
#include "tools/yunzi-admin/text_table.hpp"

namespace yunzi::admin {
namespace {

// Name keys fold ASCII letters to lower case and nothing else.
std::string name_key_part(std::string text) {
  for (char& ch : text) {
    if (ch >= 'A' && ch <= 'Z') ch = static_cast<char>(ch - 'A' + 'a');
  }
  return text;
}

std::string status_of(const db::UserRecord& user, TimeMs now) {
  if (user.closed) return "closed";
  std::string status;
  if (user.banned_until_ms && *user.banned_until_ms > now) {
    status =
        *user.banned_until_ms == db::forever_ms ? "banned" : "banned until " + db::utc_time_text(*user.banned_until_ms);
  }
  if (user.muted_until_ms && *user.muted_until_ms > now) {
    status += (status.empty() ? "" : ", ") + std::string("muted until ") + db::utc_time_text(*user.muted_until_ms);
  }
  return status.empty() ? "active" : status;
}

}  // namespace

int run_users(DbContext& c) {
  auto limit = integer_option(c.args, "--limit", 1, db::max_page_size);
  if (!limit) return usage_error(c.io, limit.error());
  auto page = integer_option(c.args, "--page", 1, 1'000'000);
  if (!page) return usage_error(c.io, page.error());
  db::UserQuery query;
  query.name_contains = name_key_part(c.args.value("--search").value_or(""));
  if (auto role_text = c.args.value("--role")) {
    query.role = parse_role(*role_text);
    if (!query.role) return usage_error(c.io, "--role must be user, bot or admin, not '" + *role_text + "'");
  }
  query.limit = static_cast<int>(limit->value_or(20));
  const int page_number = static_cast<int>(page->value_or(1));
  query.offset = (page_number - 1) * query.limit;

  auto database = db::open_reader(c.database);
  if (!database) return database_error(c.io, database.error());
  db::SqlStores stores(*database);
  auto users = stores.users().list(query);
  if (!users) return database_error(c.io, users.error());
  if (users->empty()) {
    c.io.out << (page_number == 1 ? "(no accounts match)\n" : "(no accounts on this page)\n");
    return exit_ok;
  }
  const TimeMs now = now_ms();
  std::vector<TableRow> rows;
  for (const db::UserRecord& user : *users) {
    rows.push_back({user.name, to_string(user.rank), std::string(to_string(user.role)),
                    user.last_login_ms ? db::utc_time_text(*user.last_login_ms) : "never", status_of(user, now)});
  }
  c.io.out << render_table({"name", "rank", "role", "last login", "status"}, rows);
  if (static_cast<int>(users->size()) == query.limit) {
    db::UserQuery next = query;
    next.offset += query.limit;
    next.limit = 1;
    auto more = stores.users().list(next);
    if (!more) return database_error(c.io, more.error());
    if (!more->empty()) c.io.out << "more: users --page " << page_number + 1 << "\n";
  }
  return exit_ok;
}

}  // namespace yunzi::admin
