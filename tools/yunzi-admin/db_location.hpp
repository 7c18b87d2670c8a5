// Which database file a `yunzi-admin db` command works on, and whether it
// may be missing: only `init` and `migrate --create` make a new database; any
// other command given a data directory without one (a typo, the wrong
// machine) stops with an error naming the path instead of working on a new,
// empty file.
#pragma once

#include <string>

#include "core/expected.hpp"
#include "db/database.hpp"
#include "tools/yunzi-admin/admin_args.hpp"

namespace yunzi::admin {

// The file the server keeps inside its data directory.
inline constexpr std::string_view database_file_name = "yunzi.sqlite3";

// --data-dir DIR (DIR/yunzi.sqlite3), --db FILE or --database URL (sqlite:FILE
// or postgresql://...); a usage message otherwise.
Expected<db::DatabaseTarget, std::string> database_target(const ParsedArgs& args);

// Done when the file exists; otherwise what is wrong, naming the path.
Expected<Done, std::string> existing_database(const std::string& path);
// Done when the file does not exist yet but its directory does.
Expected<Done, std::string> room_for_new_database(const std::string& path);

}  // namespace yunzi::admin
