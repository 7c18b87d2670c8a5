#include "tools/yunzi-admin/db_commands.hpp"

#include <filesystem>

#include "db/database.hpp"
#include "db/migrations.hpp"
#include "db/sqlite_stores.hpp"

namespace yunzi::admin {
namespace {

constexpr db::TimeMs day_ms = 24LL * 3600 * 1000;

db::DbResult<db::UserRecord> open_account(db::Stores& stores, const std::string& name_key) {
  auto found = stores.users().find_by_name_key(name_key);
  if (!found) return unexpected(found.error());
  if (!*found) return db::db_failure(db::DbErrorKind::not_found, "no account named '" + name_key + "'");
  if ((*found)->closed) return db::db_failure(db::DbErrorKind::conflict, "the account '" + (*found)->name + "' is closed");
  return **found;
}

db::DbResult<Done> audit_role(db::Stores& stores, std::string_view action, const RoleChange& change,
                              db::TimeMs now_ms) {
  db::AuditEntry entry;
  entry.actor_id = change.user.id;
  entry.action = std::string(action);
  entry.target_user_id = change.user.id;
  entry.reason = "local database command";
  entry.detail = std::string(db::to_string(change.previous_role)) + " -> " + std::string(db::to_string(change.user.role)) +
                 (change.created ? " (account created)" : "");
  entry.at_ms = now_ms;
  auto added = stores.moderation().add_audit(entry);
  if (!added) return unexpected(added.error());
  return Done{};
}

// Applies the role inside an open transaction and audits it.
db::DbResult<RoleChange> change_role(db::Stores& stores, db::UserRecord user, db::Role role, bool created,
                                     std::string_view action, db::TimeMs now_ms) {
  RoleChange change{user, created ? role : user.role, created};
  if (!created) {
    auto set = stores.users().set_role(user.id, role);
    if (!set) return unexpected(set.error());
    change.user.role = role;
  }
  if (auto audited = audit_role(stores, action, change, now_ms); !audited) return unexpected(audited.error());
  return change;
}

db::DbResult<db::UserRecord> create_account(db::Stores& stores, const std::string& name, const std::string& name_key,
                                            const NewAccount& account, db::TimeMs now_ms) {
  auto retired = stores.users().find_retired(name_key);
  if (!retired) return unexpected(retired.error());
  if (*retired) return db::db_failure(db::DbErrorKind::conflict, "the name '" + name + "' was retired and cannot be used again");
  auto lookalike = stores.users().find_by_name_skeleton(account.name_skeleton);
  if (!lookalike) return unexpected(lookalike.error());
  if (*lookalike) {
    return db::db_failure(db::DbErrorKind::conflict,
                          "the name '" + name + "' looks too much like the account '" + (*lookalike)->name + "'");
  }
  db::NewUser user{name, name_key, account.password_hash, account.rank, db::Role::admin, now_ms, account.name_skeleton};
  return stores.users().create(user);
}

template <class Work>
auto in_transaction(db::Connection& connection, Work work) -> decltype(work(std::declval<db::Stores&>())) {
  auto tx = db::Transaction::begin(connection);
  if (!tx) return unexpected(tx.error());
  db::SqliteStores stores(connection);
  auto result = work(stores);
  if (!result) return result;
  if (auto committed = tx->commit(); !committed) return unexpected(committed.error());
  return result;
}

}  // namespace

db::DbResult<RoleChange> create_admin(db::Connection& connection, const std::string& name,
                                      const std::string& name_key, const std::optional<NewAccount>& account,
                                      db::TimeMs now_ms) {
  return in_transaction(connection, [&](db::Stores& stores) -> db::DbResult<RoleChange> {
    auto found = stores.users().find_by_name_key(name_key);
    if (!found) return unexpected(found.error());
    if (!*found) {
      if (!account) {
        return db::db_failure(db::DbErrorKind::not_found,
                              "no account named '" + name + "'; give --password-stdin to create it");
      }
      auto created = create_account(stores, name, name_key, *account, now_ms);
      if (!created) return unexpected(created.error());
      return change_role(stores, *created, db::Role::admin, true, audit_create_admin, now_ms);
    }
    auto user = open_account(stores, name_key);
    if (!user) return unexpected(user.error());
    return change_role(stores, *user, db::Role::admin, false, audit_create_admin, now_ms);
  });
}

db::DbResult<RoleChange> set_role(db::Connection& connection, const std::string& name_key, db::Role role,
                                  db::TimeMs now_ms) {
  return in_transaction(connection, [&](db::Stores& stores) -> db::DbResult<RoleChange> {
    auto user = open_account(stores, name_key);
    if (!user) return unexpected(user.error());
    return change_role(stores, *user, role, false, audit_set_role, now_ms);
  });
}

db::DbResult<MigrationOutcome> migrate_file(const std::string& path) {
  MigrationOutcome outcome;
  std::error_code ec;
  if (auto empty = db::refuse_empty_file(path); !empty) return unexpected(empty.error());
  if (std::filesystem::exists(path, ec)) {
    // A plain connection reads the version before open_database changes it
    // (a missing file is version 0, and is left for open_database to create:
    // opened here, it would already be there, and empty).
    auto plain = db::Connection::open(path, db::ConnectionOptions{});
    if (!plain) return unexpected(plain.error());
    auto before = db::schema_version(*plain);
    if (!before) return unexpected(before.error());
    outcome.before = *before;
  }
  auto migrated = db::open_database(path);
  if (!migrated) return unexpected(migrated.error());
  auto after = db::schema_version(*migrated);
  if (!after) return unexpected(after.error());
  outcome.after = *after;
  return outcome;
}

db::DbResult<std::vector<db::UserRecord>> retire_inactive(db::Connection& connection, db::TimeMs now_ms, int days) {
  db::SqliteStores stores(connection);
  return stores.users().close_inactive(now_ms, db::TimeMs{days} * day_ms);
}

}  // namespace yunzi::admin
