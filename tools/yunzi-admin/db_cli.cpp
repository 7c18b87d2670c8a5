#include "tools/yunzi-admin/db_cli.hpp"

#include <ostream>

#include "accounts/password_hash.hpp"
#include "accounts/registration_rules.hpp"
#include "core/rank.hpp"
#include "db/database.hpp"
#include "tools/yunzi-admin/db_backup.hpp"
#include "tools/yunzi-admin/db_cli_parts.hpp"
#include "tools/yunzi-admin/db_commands.hpp"
#include "tools/yunzi-admin/db_location.hpp"
#include "tools/yunzi-admin/exit_codes.hpp"
#include "tools/yunzi-admin/operator_name.hpp"

namespace yunzi::admin {
namespace {

Expected<accounts::AccountName, std::string> account_name(const std::string& raw) {
  auto name = accounts::check_name(raw);
  if (!name) return unexpected("bad account name '" + raw + "': " + name.error().message);
  return *name;
}

int report_role_change(AdminIo& io, const RoleChange& change) {
  const auto& user = change.user;
  if (change.created) {
    io.out << "created account " << user.name << " (" << to_string(user.rank) << ") with role " << to_string(user.role)
           << "\n";
  } else if (change.previous_role == user.role) {
    io.out << user.name << " already has role " << to_string(user.role) << " (recorded in the audit log)\n";
  } else {
    io.out << user.name << ": role " << to_string(change.previous_role) << " -> " << to_string(user.role) << "\n";
  }
  return exit_ok;
}

int run_create_admin(DbContext& c) {
  auto name = account_name(c.operands[0]);
  if (!name) return usage_error(c.io, name.error());
  std::optional<NewAccount> account;
  if (c.args.has("--password-stdin")) {
    // A name about to be taken follows the stricter rule of sign-ups (staff names excepted).
    auto new_name = accounts::check_new_name(c.operands[0]);
    if (!new_name) return usage_error(c.io, "bad account name '" + c.operands[0] + "': " + new_name.error().message);
    auto made = new_account_from_input(c, new_name->skeleton);
    if (!made) return made.error();
    account = std::move(*made);
  } else if (c.args.has("--rank")) {
    return usage_error(c.io, "--rank applies only when the account is created (with --password-stdin)");
  }
  auto database = db::open_database(c.database);
  if (!database) return database_error(c.io, database.error());
  auto change = create_admin(*database, name->display, name->key, account, operator_name(), now_ms());
  if (!change) return database_error(c.io, change.error());
  if (!change->created && account) c.io.out << "the account exists: its password was left unchanged\n";
  return report_role_change(c.io, *change);
}

int run_set_role(DbContext& c) {
  auto name = account_name(c.operands[0]);
  if (!name) return usage_error(c.io, name.error());
  auto role = parse_role(c.operands[1]);
  if (!role) return usage_error(c.io, "ROLE must be user, bot or admin, not '" + c.operands[1] + "'");
  auto database = db::open_database(c.database);
  if (!database) return database_error(c.io, database.error());
  auto change = set_role(*database, name->key, *role, operator_name(), now_ms());
  if (!change) return database_error(c.io, change.error());
  return report_role_change(c.io, *change);
}

int run_init(DbContext& c) {
  if (c.database.engine == db::Engine::sqlite) {
    if (auto room = room_for_new_database(c.database.location); !room) {
      c.io.err << "yunzi-admin: " << room.error() << "\n";
      return exit_database;
    }
  }
  auto outcome = migrate_database(c.database);
  if (!outcome) return database_error(c.io, outcome.error());
  if (outcome->before > 0) {
    c.io.err << "yunzi-admin: " << db::describe(c.database) << " has yunzi's tables already (schema version "
             << outcome->before << "); `db migrate` brings an existing database up to date\n";
    return exit_database;
  }
  c.io.out << "created the database " << db::describe(c.database) << " at schema version " << outcome->after << "\n";
  return exit_ok;
}

int run_migrate(DbContext& c) {
  auto outcome = migrate_database(c.database);
  if (!outcome) return database_error(c.io, outcome.error());
  c.io.out << "schema version before: " << outcome->before << "\nschema version after: " << outcome->after << "\n";
  if (outcome->before == outcome->after) c.io.out << "nothing to migrate\n";
  return exit_ok;
}

int run_backup(DbContext& c) {
  const std::string& destination = c.operands[0];
  if (c.database.engine != db::Engine::sqlite) {
    return usage_error(c.io, "backup copies an SQLite file; back a PostgreSQL database up with pg_dump");
  }
  auto outcome = backup_database(c.database.location, destination);
  if (!outcome) return database_error(c.io, outcome.error());
  c.io.out << "backup written to " << destination << ": " << outcome->pages << " pages in " << outcome->steps
           << " steps (" << outcome->restarts << " restarts), integrity_check " << outcome->integrity << "\n";
  return exit_ok;
}

// Only init and migrate --create may start from nothing.
bool may_create(const CommandSpec& spec, const ParsedArgs& args) {
  return spec.name == "init" || (spec.name == "migrate" && args.has("--create"));
}

}  // namespace

int usage_error(AdminIo& io, const std::string& message) {
  io.err << "yunzi-admin: " << message << "\n(yunzi-admin --help lists the commands)\n";
  return exit_usage;
}

int database_error(AdminIo& io, const db::DbError& error) {
  io.err << "yunzi-admin: database error (" << db::to_string(error.kind) << "): " << error.message << "\n";
  return exit_database;
}

Expected<NewAccount, int> new_account_from_input(DbContext& c, const std::string& name_skeleton) {
  const std::string rank_text = c.args.value("--rank").value_or("10k");
  auto rank = parse_rank_exactly(rank_text);
  if (!rank) return unexpected(usage_error(c.io, "--rank must be 18k..9d, not '" + rank_text + "'"));
  auto password = read_password_line(c.io.in);
  if (!password) return unexpected(usage_error(c.io, "--password-stdin: no password on standard input"));
  if (auto ok = accounts::check_password(*password); !ok) return unexpected(usage_error(c.io, ok.error().message));
  auto hash = accounts::hash_password(*password, accounts::PasswordCost::interactive());
  if (!hash) {
    c.io.err << "yunzi-admin: not enough memory to hash the password\n";
    return unexpected(static_cast<int>(exit_database));
  }
  return NewAccount{*hash, *rank, name_skeleton};
}

int run_database_command(const ParsedArgs& args, std::span<const std::string> operands, AdminIo& io) {
  if (operands.empty()) return usage_error(io, "db needs a command");
  const CommandSpec* spec = find_command(CommandGroup::database, operands[0]);
  if (spec == nullptr) return usage_error(io, "unknown db command '" + operands[0] + "'");
  if (auto checked = check_command_line(*spec, args, operands.subspan(1)); !checked) {
    return usage_error(io, checked.error());
  }
  auto database = database_target(args);
  if (!database) return usage_error(io, database.error());
  if (database->engine == db::Engine::sqlite && !may_create(*spec, args)) {
    if (auto existing = existing_database(database->location); !existing) {
      io.err << "yunzi-admin: " << existing.error() << "\n";
      return exit_database;
    }
  }
  DbContext context{args, operands.subspan(1), *database, io};
  if (spec->name == "create-admin") return run_create_admin(context);
  if (spec->name == "create-account") return run_create_account(context);
  if (spec->name == "set-role") return run_set_role(context);
  if (spec->name == "users") return run_users(context);
  if (spec->name == "init") return run_init(context);
  if (spec->name == "migrate") return run_migrate(context);
  if (spec->name == "backup") return run_backup(context);
  return run_retire_inactive(context);
}

}  // namespace yunzi::admin
