#include "tools/yunzi-admin/admin_main.hpp"

#include <ostream>

#include "tools/yunzi-admin/admin_args.hpp"
#include "tools/yunzi-admin/db_cli.hpp"
#include "tools/yunzi-admin/exit_codes.hpp"
#include "tools/yunzi-admin/live_cli.hpp"
#include "tools/yunzi-admin/problems_cli.hpp"

namespace yunzi::admin {

int run_admin(std::span<const std::string> args, AdminIo& io) {
  auto parsed = parse_args(args);
  if (!parsed) {
    io.err << "yunzi-admin: " << parsed.error() << "\n(yunzi-admin --help lists the commands)\n";
    return exit_usage;
  }
  const auto& operands = parsed->operands;
  if (parsed->has("--help") || (operands.size() == 1 && operands[0] == "help")) {
    io.out << usage_text();
    return exit_ok;
  }
  if (operands.empty()) {
    io.err << usage_text();
    return exit_usage;
  }
  const std::span<const std::string> words(operands);
  if (operands[0] == "db") return run_database_command(*parsed, words.subspan(1), io);
  if (operands[0] == "problems") return run_problems_command(*parsed, words.subspan(1), io);
  return run_live_command(*parsed, words, io);
}

}  // namespace yunzi::admin
