// Runs the real yunzi-admin executable as a child process with the given
// arguments, standard input and extra environment, and collects its exit
// code and both output streams.
#pragma once

#include <chrono>
#include <string>
#include <utility>
#include <vector>

namespace yunzi::admin_tests {

struct AdminRun {
  int exit_code = -1;  // -1 when it did not exit normally
  std::string out;
  std::string err;
};

struct AdminRunOptions {
  std::string stdin_text;
  std::vector<std::pair<std::string, std::string>> env;
  std::chrono::milliseconds timeout{60000};
};

AdminRun run_admin_tool(const std::vector<std::string>& args, const AdminRunOptions& options = {});

// The same with only a standard input.
AdminRun run_admin_tool(const std::vector<std::string>& args, std::string stdin_text);

inline bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace yunzi::admin_tests
