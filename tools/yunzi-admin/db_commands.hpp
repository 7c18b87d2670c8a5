// The database side of yunzi-admin: what `yunzi-admin db ...` does to the
// file, as functions over an open connection that return values (the command
// line front end in db_cli.hpp prints them). Changes go through db/'s stores,
// each with its audit entry in the same transaction, so they are safe while
// the server writes the same file. `actor` names who ran the command (see
// operator_name.hpp): no account does these changes.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "db/records.hpp"

namespace yunzi::admin {

// The audit action names the database commands write.
inline constexpr std::string_view audit_create_admin = "db create-admin";
inline constexpr std::string_view audit_create_account = "db create-account";
inline constexpr std::string_view audit_set_role = "db set-role";
inline constexpr std::string_view audit_retire_inactive = "db retire-inactive";

struct NewAccount {
  std::string password_hash;  // argon2id string, as the server stores it
  Rank rank;
  std::string name_skeleton;  // accounts/name_skeleton.hpp: lookalikes of other accounts are refused
};

struct RoleChange {
  db::UserRecord user;  // as it is now
  Role previous_role = Role::user;
  bool created = false;
};

// Makes the account an admin. When it does not exist it is created from
// `account` (not_found without one). Refuses a closed account, a retired
// name or a lookalike of another account's name (conflict).
db::DbResult<RoleChange> create_admin(db::Connection& connection, const std::string& name, const std::string& name_key,
                                      const std::optional<NewAccount>& account, const std::string& actor,
                                      TimeMs now_ms);

// Creates a new account with the given role (conflict when the name is in
// use or retired).
db::DbResult<RoleChange> create_account(db::Connection& connection, const std::string& name,
                                        const std::string& name_key, const NewAccount& account, Role role,
                                        const std::string& actor, TimeMs now_ms);

// Sets the role of an existing open account.
db::DbResult<RoleChange> set_role(db::Connection& connection, const std::string& name_key, Role role,
                                  const std::string& actor, TimeMs now_ms);

struct MigrationOutcome {
  int before = 0;
  int after = 0;
};

// Applies pending migrations, creating an SQLite file when it is absent: the
// caller decides whether that is wanted (init, migrate --create).
db::DbResult<MigrationOutcome> migrate_database(const db::DatabaseTarget& database);

// Closes player accounts idle for more than `days` and retires their names,
// one audit entry each; admins and bots stay. With dry_run nothing changes
// and the accounts that would go are returned.
db::DbResult<std::vector<db::UserRecord>> retire_inactive(db::Connection& connection, TimeMs now_ms, int days,
                                                          bool dry_run, const std::string& actor);

// "no login since 2021-03-01 10:00 UTC", or "never logged in (created ...)".
std::string idle_text(const db::UserRecord& user);

}  // namespace yunzi::admin
