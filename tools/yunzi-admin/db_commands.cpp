#include "tools/yunzi-admin/db_commands.hpp"

#include <filesystem>

#include "db/database.hpp"
#include "db/migrations.hpp"
#include "db/sql_stores.hpp"
#include "db/time_text.hpp"

namespace yunzi::admin {
namespace {

constexpr TimeMs day_ms = 24LL * 3600 * 1000;

db::DbResult<db::UserRecord> open_account(db::Stores& stores, const std::string& name_key) {
  auto found = stores.users().find_by_name_key(name_key);
  if (!found) return unexpected(found.error());
  if (!*found) return db::db_failure(db::DbErrorKind::not_found, "no account named '" + name_key + "'");
  if ((*found)->closed)
    return db::db_failure(db::DbErrorKind::conflict, "the account '" + (*found)->name + "' is closed");
  return **found;
}

db::AuditEntry operator_entry(std::string_view action, const std::string& actor, UserId target, TimeMs now_ms) {
  db::AuditEntry entry;
  entry.actor_name = actor;
  entry.action = std::string(action);
  entry.target_user_id = target;
  entry.reason = "local database command";
  entry.at_ms = now_ms;
  return entry;
}

db::DbResult<Done> audit_role(db::Stores& stores, std::string_view action, const RoleChange& change,
                              const std::string& actor, TimeMs now_ms) {
  db::AuditEntry entry = operator_entry(action, actor, change.user.id, now_ms);
  const std::string role(to_string(change.user.role));
  entry.detail = change.created ? "account created with role " + role
                                : std::string(to_string(change.previous_role)) + " -> " + role;
  auto added = stores.moderation().add_audit(entry);
  if (!added) return unexpected(added.error());
  return Done{};
}

// Applies the role inside an open transaction and audits it.
db::DbResult<RoleChange> change_role(db::Stores& stores, db::UserRecord user, Role role, bool created,
                                     std::string_view action, const std::string& actor, TimeMs now_ms) {
  RoleChange change{user, created ? role : user.role, created};
  if (!created) {
    auto set = stores.users().set_role(user.id, role);
    if (!set) return unexpected(set.error());
    change.user.role = role;
  }
  if (auto audited = audit_role(stores, action, change, actor, now_ms); !audited) return unexpected(audited.error());
  return change;
}

db::DbResult<db::UserRecord> new_account(db::Stores& stores, const std::string& name, const std::string& name_key,
                                         const NewAccount& account, Role role, TimeMs now_ms) {
  auto retired = stores.users().find_retired(name_key);
  if (!retired) return unexpected(retired.error());
  if (*retired)
    return db::db_failure(db::DbErrorKind::conflict, "the name '" + name + "' was retired and cannot be used again");
  auto lookalike = stores.users().find_by_name_skeleton(account.name_skeleton);
  if (!lookalike) return unexpected(lookalike.error());
  if (*lookalike) {
    return db::db_failure(db::DbErrorKind::conflict,
                          "the name '" + name + "' looks too much like the account '" + (*lookalike)->name + "'");
  }
  db::NewUser user{name, name_key, account.password_hash, account.rank, role, now_ms, account.name_skeleton};
  return stores.users().create(user);
}

template <class Work>
auto in_transaction(db::Connection& connection, Work work) -> decltype(work(std::declval<db::Stores&>())) {
  auto tx = db::Transaction::begin(connection);
  if (!tx) return unexpected(tx.error());
  db::SqlStores stores(connection);
  auto result = work(stores);
  if (!result) return result;
  if (auto committed = tx->commit(); !committed) return unexpected(committed.error());
  return result;
}

}  // namespace

db::DbResult<RoleChange> create_admin(db::Connection& connection, const std::string& name, const std::string& name_key,
                                      const std::optional<NewAccount>& account, const std::string& actor,
                                      TimeMs now_ms) {
  return in_transaction(connection, [&](db::Stores& stores) -> db::DbResult<RoleChange> {
    auto found = stores.users().find_by_name_key(name_key);
    if (!found) return unexpected(found.error());
    if (!*found) {
      if (!account) {
        return db::db_failure(db::DbErrorKind::not_found,
                              "no account named '" + name + "'; give --password-stdin to create it");
      }
      auto created = new_account(stores, name, name_key, *account, Role::admin, now_ms);
      if (!created) return unexpected(created.error());
      return change_role(stores, *created, Role::admin, true, audit_create_admin, actor, now_ms);
    }
    auto user = open_account(stores, name_key);
    if (!user) return unexpected(user.error());
    return change_role(stores, *user, Role::admin, false, audit_create_admin, actor, now_ms);
  });
}

db::DbResult<RoleChange> create_account(db::Connection& connection, const std::string& name,
                                        const std::string& name_key, const NewAccount& account, Role role,
                                        const std::string& actor, TimeMs now_ms) {
  return in_transaction(connection, [&](db::Stores& stores) -> db::DbResult<RoleChange> {
    auto found = stores.users().find_by_name_key(name_key);
    if (!found) return unexpected(found.error());
    if (*found) return db::db_failure(db::DbErrorKind::conflict, "the name '" + (*found)->name + "' is taken");
    auto created = new_account(stores, name, name_key, account, role, now_ms);
    if (!created) return unexpected(created.error());
    return change_role(stores, *created, role, true, audit_create_account, actor, now_ms);
  });
}

db::DbResult<RoleChange> set_role(db::Connection& connection, const std::string& name_key, Role role,
                                  const std::string& actor, TimeMs now_ms) {
  return in_transaction(connection, [&](db::Stores& stores) -> db::DbResult<RoleChange> {
    auto user = open_account(stores, name_key);
    if (!user) return unexpected(user.error());
    return change_role(stores, *user, role, false, audit_set_role, actor, now_ms);
  });
}

namespace {

// The version before migrating: a missing SQLite file is version 0, and is
// left for open_database to create (opened here, it would already be there,
// and empty).
db::DbResult<int> version_before(const db::DatabaseTarget& database) {
  if (database.engine == db::Engine::postgresql) {
    auto plain = db::open_postgresql(database.location);
    if (!plain) return unexpected(plain.error());
    return db::schema_version(*plain);
  }
  if (auto empty = db::refuse_empty_file(database.location); !empty) return unexpected(empty.error());
  std::error_code ec;
  if (!std::filesystem::exists(database.location, ec)) return 0;
  auto plain = db::open_sqlite(database.location, db::ConnectionOptions{});
  if (!plain) return unexpected(plain.error());
  return db::schema_version(*plain);
}

}  // namespace

db::DbResult<MigrationOutcome> migrate_database(const db::DatabaseTarget& database) {
  MigrationOutcome outcome;
  auto before = version_before(database);
  if (!before) return unexpected(before.error());
  outcome.before = *before;
  auto migrated = db::open_database(database);
  if (!migrated) return unexpected(migrated.error());
  auto after = db::schema_version(*migrated);
  if (!after) return unexpected(after.error());
  outcome.after = *after;
  return outcome;
}

std::string idle_text(const db::UserRecord& user) {
  if (user.last_login_ms) return "no login since " + db::utc_time_text(*user.last_login_ms);
  return "never logged in (created " + db::utc_time_text(user.created_ms) + ")";
}

db::DbResult<std::vector<db::UserRecord>> retire_inactive(db::Connection& connection, TimeMs now_ms, int days,
                                                          bool dry_run, const std::string& actor) {
  const TimeMs idle = TimeMs{days} * day_ms;
  if (dry_run) {
    db::SqlStores stores(connection);
    return stores.users().inactive_players(now_ms, idle);
  }
  return in_transaction(connection, [&](db::Stores& stores) -> db::DbResult<std::vector<db::UserRecord>> {
    auto idle_players = stores.users().inactive_players(now_ms, idle);
    if (!idle_players) return idle_players;
    for (db::UserRecord& user : *idle_players) {
      if (auto retired = stores.users().retire(user, now_ms); !retired) return unexpected(retired.error());
      user.closed = true;
      db::AuditEntry entry = operator_entry(audit_retire_inactive, actor, user.id, now_ms);
      entry.reason = "no login for " + std::to_string(days) + " days";
      entry.detail = idle_text(user);
      if (auto added = stores.moderation().add_audit(entry); !added) return unexpected(added.error());
    }
    return idle_players;
  });
}

}  // namespace yunzi::admin
