// The database side of yunzi-admin: what `yunzi-admin db ...` does to the
// file, as functions over an open connection that return values (the command
// line front end in db_cli.hpp prints them). Changes go through db/'s stores,
// each with its audit entry in the same transaction, so they are safe while
// the server writes the same file.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "db/records.hpp"
#include "db/sqlite.hpp"

namespace yunzi::admin {

// The audit action names the database commands write.
inline constexpr std::string_view audit_create_admin = "db create-admin";
inline constexpr std::string_view audit_set_role = "db set-role";

struct NewAccount {
  std::string password_hash;  // argon2id string, as the server stores it
  int rank = 0;
  std::string name_skeleton;  // server/accounts/name_skeleton.hpp: lookalikes of other accounts are refused
};

struct RoleChange {
  db::UserRecord user;  // as it is now
  db::Role previous_role = db::Role::user;
  bool created = false;
};

// Makes the account an admin. When it does not exist it is created from
// `account` (not_found without one). Refuses a closed account, a retired
// name or a lookalike of another account's name (conflict). Audit: actor and target are the account itself.
db::DbResult<RoleChange> create_admin(db::Connection& connection, const std::string& name,
                                      const std::string& name_key, const std::optional<NewAccount>& account,
                                      db::TimeMs now_ms);

// Sets the role of an existing open account; audited like create_admin.
db::DbResult<RoleChange> set_role(db::Connection& connection, const std::string& name_key, db::Role role,
                                  db::TimeMs now_ms);

struct MigrationOutcome {
  int before = 0;
  int after = 0;
};

// Opens (creating when absent) the file and applies pending migrations.
db::DbResult<MigrationOutcome> migrate_file(const std::string& path);

// Closes accounts idle for more than `days` and retires their names.
db::DbResult<std::vector<db::UserRecord>> retire_inactive(db::Connection& connection, db::TimeMs now_ms, int days);

}  // namespace yunzi::admin
