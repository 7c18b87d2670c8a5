// `yunzi-admin --server HOST:PORT --user NAME COMMAND ...`: checks the
// command line, connects over WebSocket, logs in, sends the one admin.*
// request, prints the answer and returns the exit code.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "tools/yunzi-admin/admin_args.hpp"
#include "tools/yunzi-admin/admin_io.hpp"
#include "tools/yunzi-admin/server_address.hpp"

namespace yunzi::admin {

// `operands` start with the command name.
int run_live_command(const ParsedArgs& args, std::span<const std::string> operands, AdminIo& io);

}  // namespace yunzi::admin
