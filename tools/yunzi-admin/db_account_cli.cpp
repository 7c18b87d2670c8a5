// `yunzi-admin db create-account`: an account made by an operator with its
// role from the start, e.g. a bot's, which then simply logs in.
#include <ostream>

#include "accounts/registration_rules.hpp"
#include "core/rank.hpp"
#include "db/database.hpp"
#include "tools/yunzi-admin/db_cli_parts.hpp"
#include "tools/yunzi-admin/db_commands.hpp"
#include "tools/yunzi-admin/exit_codes.hpp"
#include "tools/yunzi-admin/operator_name.hpp"

namespace yunzi::admin {

int run_create_account(DbContext& c) {
  const std::string& raw_name = c.operands[0];
  auto new_name = accounts::check_new_name(raw_name);
  if (!new_name) return usage_error(c.io, "bad account name '" + raw_name + "': " + new_name.error().message);
  const accounts::AccountName* name = &new_name->name;
  const std::string role_text = c.args.value("--role").value_or("");
  auto role = parse_role(role_text);
  if (!role) return usage_error(c.io, "--role must be user, bot or admin, not '" + role_text + "'");
  auto account = new_account_from_input(c, new_name->skeleton);
  if (!account) return account.error();
  auto database = db::open_database(c.database);
  if (!database) return database_error(c.io, database.error());
  auto created = create_account(*database, name->display, name->key, *account, *role, operator_name(), now_ms());
  if (!created) return database_error(c.io, created.error());
  const db::UserRecord& user = created->user;
  c.io.out << "created account " << user.name << " (" << to_string(user.rank) << ") with role " << to_string(user.role)
           << "\n";
  return exit_ok;
}

}  // namespace yunzi::admin
