// The scene of the server-command tests: a real yunzi-server on its own data
// directory, made as an operator would (`db init`, then `db create-admin
// root` before the start); yunzi-admin runs against it as root or anyone,
// and users are real WebSocket clients that see the effects.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "tests/e2e/admin/admin_process.hpp"
#include "tests/e2e/server/server_process.hpp"
#include "tests/support/temp_dir.hpp"
#include "tools/client/ws_client.hpp"

namespace yunzi::admin_tests {

using client::Json;
using client::Millis;

inline constexpr const char* root_password = "root password 1";
inline constexpr Millis event_wait{5000};

struct LiveFixture {
  test_support::TempDir dir;
  e2e::ServerProcess server{dir.path()};

  LiveFixture();

  AdminRun db(std::vector<std::string> args, std::string stdin_text = "");
  // The running server's database (its SQLite file, or its PostgreSQL schema), for set-ups no command makes.
  db::Connection open_server_database();
  std::string address() const { return "127.0.0.1:" + std::to_string(server.port()); }
  AdminRun as(const std::string& user, const std::string& password, std::vector<std::string> args);
  AdminRun as_root(std::vector<std::string> args) { return as("root", root_password, std::move(args)); }

  std::unique_ptr<client::WsClient> connect();
  // A new account NAME with the password "NAME password", logged in.
  std::unique_ptr<client::WsClient> registered(const std::string& name);
  // The reply to a login as NAME on a fresh connection.
  Json login(const std::string& name);
};

}  // namespace yunzi::admin_tests
