// The exit codes of yunzi-admin, one per kind of outcome, so scripts can tell
// a refusal by the server from a typo, an unreachable server or a database
// problem.
#pragma once

namespace yunzi::admin {

enum ExitCode : int {
  exit_ok = 0,
  exit_refused = 1,      // the server answered with an error reply
  exit_usage = 2,        // the command line is wrong
  exit_unreachable = 3,  // cannot connect, or the login was refused
  exit_database = 4,     // the database file could not be opened, read or changed
};

}  // namespace yunzi::admin
