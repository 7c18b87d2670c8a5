#include "tools/yunzi-admin/live_cli.hpp"

#include <ostream>

#include "tools/client/ws_client.hpp"
#include "tools/yunzi-admin/db_cli_parts.hpp"
#include "tools/yunzi-admin/exit_codes.hpp"
#include "tools/yunzi-admin/live_requests.hpp"

namespace yunzi::admin {
namespace {

using client::Json;
using client::Millis;

constexpr Millis connect_timeout{5000};
constexpr Millis request_timeout{15000};

std::string error_text(const Json& reply) {
  return reply.value("code", std::string("error")) + ": " + reply.value("message", std::string());
}

bool is_ok(const Json& reply) { return reply.is_object() && reply.value("type", "") == "ok"; }

}  // namespace

int run_live_command(const ParsedArgs& args, std::span<const std::string> operands, AdminIo& io) {
  const CommandSpec* spec = find_command(CommandGroup::live, operands[0]);
  if (spec == nullptr) return usage_error(io, "unknown command '" + operands[0] + "'");
  if (auto checked = check_command_line(*spec, args, operands.subspan(1)); !checked) {
    return usage_error(io, checked.error());
  }
  auto request = build_request(*spec, args, operands.subspan(1));
  if (!request) return usage_error(io, request.error());
  const auto server = args.value("--server");
  const auto user = args.value("--user");
  if (!server || !user) return usage_error(io, "server commands need --server HOST:PORT (or URL) and --user NAME");
  auto address = parse_server_address(*server);
  if (!address) return usage_error(io, address.error());
  const auto password = args.has("--password-stdin") ? read_password_line(io.in) : io.env_password;
  if (!password) {
    return usage_error(io, args.has("--password-stdin")
                               ? "--password-stdin: no password on standard input"
                               : "no password: use --password-stdin or set YUNZI_ADMIN_PASSWORD");
  }

  auto connection = client::WsClient::connect(address->host, address->port, address->path, connect_timeout);
  if (!connection) {
    io.err << "yunzi-admin: " << connection.error() << "\n";
    return exit_unreachable;
  }
  auto& ws = **connection;
  auto login = ws.request({{"type", "login"}, {"name", *user}, {"password", *password}}, request_timeout);
  if (!login) {
    io.err << "yunzi-admin: no answer to the login: " << login.error() << "\n";
    return exit_unreachable;
  }
  if (!is_ok(*login)) {
    io.err << "yunzi-admin: login as " << *user << " refused: " << error_text(*login) << "\n";
    return exit_unreachable;
  }
  auto reply = ws.request(*request, request_timeout);
  if (!reply) {
    // The request went out: the server may have acted on it (an admin who
    // bans or kicks themselves is disconnected before the reply).
    io.err << "yunzi-admin: no answer to " << (*request)["type"].get<std::string>()
           << " (it may have been carried out; check the audit log): " << reply.error() << "\n";
    return exit_unreachable;
  }
  ws.close();
  if (!is_ok(*reply)) {
    io.err << "yunzi-admin: the server refused " << (*request)["type"].get<std::string>() << ": " << error_text(*reply)
           << "\n";
    return exit_refused;
  }
  io.out << describe_ok_reply(*request, *reply);
  return exit_ok;
}

}  // namespace yunzi::admin
