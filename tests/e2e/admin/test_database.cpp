#include "tests/e2e/admin/test_database.hpp"

#include <algorithm>
#include <cctype>
#include <stdexcept>

#include "db/database.hpp"
#include "db/sql_stores.hpp"

namespace yunzi::admin_tests {
namespace {

std::string key_of(std::string name) {
  std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
  return name;
}

template <class T>
T checked(db::DbResult<T> result, const char* what) {
  if (!result) throw std::runtime_error(std::string(what) + ": " + result.error().message);
  return std::move(*result);
}

}  // namespace

db::Connection open_test_database(const std::string& path) { return checked(db::open_database(path), "open_database"); }

db::UserRecord add_account(db::Connection& connection, const std::string& name, Role role, TimeMs created_ms,
                           std::optional<TimeMs> last_login_ms) {
  db::SqlStores stores(connection);
  db::NewUser user{name, key_of(name), "$argon2id$not-a-real-hash", Rank::kyu(9), role, created_ms};
  db::UserRecord record = checked(stores.users().create(user), "create user");
  if (last_login_ms) {
    checked(stores.users().set_last_login(record.id, *last_login_ms), "set_last_login");
    record.last_login_ms = last_login_ms;
  }
  return record;
}

std::optional<db::UserRecord> find_account(db::Connection& connection, const std::string& name) {
  db::SqlStores stores(connection);
  return checked(stores.users().find_by_name_key(key_of(name)), "find user");
}

std::vector<db::AuditEntry> audit_rows(db::Connection& connection) {
  db::SqlStores stores(connection);
  return checked(stores.moderation().audit_page(std::nullopt, db::max_page_size), "audit_page");
}

}  // namespace yunzi::admin_tests
