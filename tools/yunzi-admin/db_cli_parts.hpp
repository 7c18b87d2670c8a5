// Internal to `yunzi-admin db ...`: what one command's front end gets (the
// parsed line, the database file, the streams) and the shared ways it ends
// (a usage error, a database error). Each command's front end is a
// run_<command> function; db_cli.cpp picks one.
#pragma once

#include <span>
#include <string>

#include "core/expected.hpp"
#include "db/database.hpp"
#include "db/error.hpp"
#include "tools/yunzi-admin/admin_args.hpp"
#include "tools/yunzi-admin/admin_io.hpp"

namespace yunzi::admin {

struct DbContext {
  const ParsedArgs& args;
  std::span<const std::string> operands;  // after the command name
  db::DatabaseTarget database;
  AdminIo& io;
};

int usage_error(AdminIo& io, const std::string& message);
int database_error(AdminIo& io, const db::DbError& error);

struct NewAccount;
// The password from standard input (checked and hashed the server's way)
// and --rank (default 10k), for a name with that skeleton
// (accounts::check_new_name); on failure the exit code, the message printed.
Expected<NewAccount, int> new_account_from_input(DbContext& c, const std::string& name_skeleton);

// db_users_cli.cpp
int run_users(DbContext& c);
// db_retire_cli.cpp
int run_retire_inactive(DbContext& c);
// db_account_cli.cpp
int run_create_account(DbContext& c);

}  // namespace yunzi::admin
