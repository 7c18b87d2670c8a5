// `yunzi-admin --server ADDRESS --user NAME problems import FILE... [--themes T,T]`:
// the problems of SGF files (one problem or a collection each) sent to a
// running server one problem.import request a problem, so that each frame
// stays small however large the collection, and what the server imported
// and rejected printed problem by problem.
#pragma once

#include <span>
#include <string>

#include "tools/yunzi-admin/admin_args.hpp"
#include "tools/yunzi-admin/admin_io.hpp"

namespace yunzi::admin {

// `operands` follow "problems".
int run_problems_command(const ParsedArgs& args, std::span<const std::string> operands, AdminIo& io);

}  // namespace yunzi::admin
