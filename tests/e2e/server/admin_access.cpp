#include "tests/e2e/server/admin_access.hpp"

#include <catch2/catch.hpp>

#include "db/database.hpp"
#include "db/sql_stores.hpp"

namespace yunzi::e2e {

void set_role(const ServerProcess& server, const std::string& name_key, Role role) {
  auto connection = db::open_database((server.data_dir() / "yunzi.sqlite3").string());
  REQUIRE(connection);
  db::SqlStores stores(*connection);
  auto user = stores.users().find_by_name_key(name_key);
  REQUIRE(user);
  REQUIRE(*user);
  REQUIRE(stores.users().set_role((*user)->id, role));
}

}  // namespace yunzi::e2e
