// The connection of the server commands: the address and the password from
// the command line, connected over WebSocket and logged in as the admin.
#pragma once

#include <memory>
#include <string>

#include "core/expected.hpp"
#include "tools/client/ws_client.hpp"
#include "tools/yunzi-admin/admin_args.hpp"
#include "tools/yunzi-admin/admin_io.hpp"

namespace yunzi::admin {

inline constexpr client::Millis admin_request_timeout{15000};

// The logged-in connection, or the exit code once the reason is printed.
Expected<std::unique_ptr<client::WsClient>, int> open_admin_session(const ParsedArgs& args, AdminIo& io);

bool is_ok_reply(const client::Json& reply);
// "code: message" of an error reply.
std::string error_text(const client::Json& reply);

}  // namespace yunzi::admin
