// `yunzi-admin db retire-inactive`: the maintenance job over the file.
#include <ostream>

#include "db/database.hpp"
#include "tools/yunzi-admin/db_cli_parts.hpp"
#include "tools/yunzi-admin/db_commands.hpp"
#include "tools/yunzi-admin/exit_codes.hpp"
#include "tools/yunzi-admin/operator_name.hpp"

namespace yunzi::admin {

int run_retire_inactive(DbContext& c) {
  constexpr int default_days = 3 * 365;  // the server's own retirement age
  auto days = integer_option(c.args, "--days", 1, 36500);
  if (!days) return usage_error(c.io, days.error());
  const bool dry_run = c.args.has("--dry-run");
  auto database = db::open_database(c.database);
  if (!database) return database_error(c.io, database.error());
  auto retired =
      retire_inactive(*database, now_ms(), static_cast<int>(days->value_or(default_days)), dry_run, operator_name());
  if (!retired) return database_error(c.io, retired.error());
  const std::size_t count = retired->size();
  c.io.out << (dry_run ? "would retire " : "retired ") << count << (count == 1 ? " account" : " accounts")
           << (dry_run ? " (dry run: nothing changed)" : "") << "\n";
  for (const db::UserRecord& user : *retired) c.io.out << "  " << user.name << " (" << idle_text(user) << ")\n";
  return exit_ok;
}

}  // namespace yunzi::admin
