// The whole yunzi-admin program as a function of its arguments and streams
// (main.cpp only wires it to the process), so tests can run it in-process.
#pragma once

#include <span>
#include <string>

#include "tools/yunzi-admin/admin_io.hpp"

namespace yunzi::admin {

// `args` excludes the program name. Returns the exit code (exit_codes.hpp).
int run_admin(std::span<const std::string> args, AdminIo& io);

}  // namespace yunzi::admin
