#include "tools/yunzi-admin/admin_session.hpp"

#include <ostream>

#include "tools/yunzi-admin/db_cli_parts.hpp"
#include "tools/yunzi-admin/exit_codes.hpp"
#include "tools/yunzi-admin/server_address.hpp"

namespace yunzi::admin {
namespace {

constexpr client::Millis connect_timeout{5000};

}  // namespace

bool is_ok_reply(const client::Json& reply) { return reply.is_object() && reply.value("type", "") == "ok"; }

std::string error_text(const client::Json& reply) {
  return reply.value("code", std::string("error")) + ": " + reply.value("message", std::string());
}

Expected<std::unique_ptr<client::WsClient>, int> open_admin_session(const ParsedArgs& args, AdminIo& io) {
  const auto server = args.value("--server");
  const auto user = args.value("--user");
  if (!server || !user) {
    return unexpected(usage_error(io, "server commands need --server HOST:PORT (or URL) and --user NAME"));
  }
  auto address = parse_server_address(*server);
  if (!address) return unexpected(usage_error(io, address.error()));
  const auto password = args.has("--password-stdin") ? read_password_line(io.in) : io.env_password;
  if (!password) {
    return unexpected(usage_error(io, args.has("--password-stdin")
                                          ? "--password-stdin: no password on standard input"
                                          : "no password: use --password-stdin or set YUNZI_ADMIN_PASSWORD"));
  }
  auto connection = client::WsClient::connect(address->host, address->port, address->path, connect_timeout);
  if (!connection) {
    io.err << "yunzi-admin: " << connection.error() << "\n";
    return unexpected(int{exit_unreachable});
  }
  auto login =
      (*connection)->request({{"type", "login"}, {"name", *user}, {"password", *password}}, admin_request_timeout);
  if (!login) {
    io.err << "yunzi-admin: no answer to the login: " << login.error() << "\n";
    return unexpected(int{exit_unreachable});
  }
  if (!is_ok_reply(*login)) {
    io.err << "yunzi-admin: login as " << *user << " refused: " << error_text(*login) << "\n";
    return unexpected(int{exit_unreachable});
  }
  return std::move(*connection);
}

}  // namespace yunzi::admin
