#include "tests/e2e/admin/admin_process.hpp"

#include "tests/support/programs.hpp"

namespace yunzi::admin_tests {

AdminRun run_admin_tool(const std::vector<std::string>& args, const AdminRunOptions& options) {
  std::vector<std::string> argv = {test_support::yunzi_admin_path()};
  argv.insert(argv.end(), args.begin(), args.end());
  return test_support::run_program(argv, options);
}

AdminRun run_admin_tool(const std::vector<std::string>& args, std::string stdin_text) {
  AdminRunOptions options;
  options.stdin_text = std::move(stdin_text);
  return run_admin_tool(args, options);
}

}  // namespace yunzi::admin_tests
