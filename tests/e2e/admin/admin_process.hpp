// Runs the real yunzi-admin executable as a child process with the given
// arguments, standard input and extra environment, and collects its exit
// code and both output streams.
#pragma once

#include <string>
#include <vector>

#include "tests/support/child_process.hpp"

namespace yunzi::admin_tests {

using AdminRun = test_support::ProgramRun;
using AdminRunOptions = test_support::RunOptions;

AdminRun run_admin_tool(const std::vector<std::string>& args, const AdminRunOptions& options = {});

// The same with only a standard input.
AdminRun run_admin_tool(const std::vector<std::string>& args, std::string stdin_text);

inline bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace yunzi::admin_tests
