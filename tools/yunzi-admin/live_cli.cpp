#include "tools/yunzi-admin/live_cli.hpp"

#include <ostream>

#include "tools/yunzi-admin/admin_session.hpp"
#include "tools/yunzi-admin/db_cli_parts.hpp"
#include "tools/yunzi-admin/exit_codes.hpp"
#include "tools/yunzi-admin/live_requests.hpp"

namespace yunzi::admin {

int run_live_command(const ParsedArgs& args, std::span<const std::string> operands, AdminIo& io) {
  const CommandSpec* spec = find_command(CommandGroup::live, operands[0]);
  if (spec == nullptr) return usage_error(io, "unknown command '" + operands[0] + "'");
  if (auto checked = check_command_line(*spec, args, operands.subspan(1)); !checked) {
    return usage_error(io, checked.error());
  }
  auto request = build_request(*spec, args, operands.subspan(1));
  if (!request) return usage_error(io, request.error());
  auto session = open_admin_session(args, io);
  if (!session) return session.error();
  auto& ws = **session;
  auto reply = ws.request(*request, admin_request_timeout);
  if (!reply) {
    // The request went out: the server may have acted on it (an admin who
    // bans or kicks themselves is disconnected before the reply).
    io.err << "yunzi-admin: no answer to " << (*request)["type"].get<std::string>()
           << " (it may have been carried out; check the audit log): " << reply.error() << "\n";
    return exit_unreachable;
  }
  ws.close();
  if (!is_ok_reply(*reply)) {
    io.err << "yunzi-admin: the server refused " << (*request)["type"].get<std::string>() << ": " << error_text(*reply)
           << "\n";
    return exit_refused;
  }
  io.out << describe_ok_reply(*request, *reply);
  return exit_ok;
}

}  // namespace yunzi::admin
