#include "tests/e2e/server/admin_access.hpp"

#include <catch2/catch.hpp>

#include <functional>

#include "db/database.hpp"
#include "db/sql_stores.hpp"

namespace yunzi::e2e {
namespace {

// Opens the stopped server's database and changes one account with `change`.
void change_user(const ServerProcess& server, const std::string& name_key,
                 const std::function<db::DbResult<Done>(db::UserStore&, UserId)>& change) {
  auto connection = db::open_database((server.data_dir() / "yunzi.sqlite3").string());
  REQUIRE(connection);
  db::SqlStores stores(*connection);
  auto user = stores.users().find_by_name_key(name_key);
  REQUIRE(user);
  REQUIRE(*user);
  REQUIRE(change(stores.users(), (*user)->id));
}

}  // namespace

void set_role(const ServerProcess& server, const std::string& name_key, Role role) {
  change_user(server, name_key, [role](db::UserStore& users, UserId id) { return users.set_role(id, role); });
}

void set_rank(const ServerProcess& server, const std::string& name_key, Rank rank) {
  change_user(server, name_key, [rank](db::UserStore& users, UserId id) { return users.set_rank(id, rank); });
}

}  // namespace yunzi::e2e
