// `yunzi-admin db ...`: picks the file (--data-dir or --db), runs one
// database command from db_commands.hpp or db_backup.hpp, prints its result
// and returns the exit code.
#pragma once

#include <span>
#include <string>

#include "tools/yunzi-admin/admin_args.hpp"
#include "tools/yunzi-admin/admin_io.hpp"

namespace yunzi::admin {

// `operands` are the words after "db" (the command first).
int run_database_command(const ParsedArgs& args, std::span<const std::string> operands, AdminIo& io);

}  // namespace yunzi::admin
