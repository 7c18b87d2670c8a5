#include "tests/e2e/admin/live_fixture.hpp"

#include <catch2/catch.hpp>

namespace yunzi::admin_tests {

LiveFixture::LiveFixture() {
  const auto made = db({"init"});
  INFO(made.err);
  REQUIRE(made.exit_code == 0);
  const auto created = db({"create-admin", "root", "--password-stdin"}, std::string(root_password) + "\n");
  INFO(created.err);
  REQUIRE(created.exit_code == 0);
  auto started = server.start();
  INFO((started ? std::string() : started.error()));
  REQUIRE(started);
}

AdminRun LiveFixture::db(std::vector<std::string> args, std::string stdin_text) {
  if (const auto& url = server.database_url()) {
    args.insert(args.begin(), {"db", "--database", *url});
  } else {
    args.insert(args.begin(), {"db", "--data-dir", server.data_dir().string()});
  }
  return run_admin_tool(args, stdin_text);
}

db::Connection LiveFixture::open_server_database() {
  const auto& url = server.database_url();
  const db::DatabaseTarget target =
      url ? db::DatabaseTarget{db::Engine::postgresql, *url}
          : db::DatabaseTarget{db::Engine::sqlite, (server.data_dir() / "yunzi.sqlite3").string()};
  auto opened = db::open_database(target);
  INFO((opened ? std::string() : opened.error().message));
  REQUIRE(opened);
  return std::move(*opened);
}

AdminRun LiveFixture::as(const std::string& user, const std::string& password, std::vector<std::string> args) {
  args.insert(args.begin(), {"--server", address(), "--user", user, "--password-stdin"});
  return run_admin_tool(args, password + "\n");
}

std::unique_ptr<client::WsClient> LiveFixture::connect() {
  auto ws = client::WsClient::connect("127.0.0.1", server.port());
  REQUIRE(ws);
  return std::move(*ws);
}

std::unique_ptr<client::WsClient> LiveFixture::registered(const std::string& name) {
  auto ws = connect();
  auto reply = ws->request({{"type", "register"}, {"name", name}, {"password", name + " password"}, {"rank", "5k"}});
  REQUIRE(reply);
  INFO(reply->dump());
  REQUIRE(reply->value("type", "") == "ok");
  return ws;
}

Json LiveFixture::login(const std::string& name) {
  auto ws = connect();
  auto reply = ws->request({{"type", "login"}, {"name", name}, {"password", name + " password"}});
  REQUIRE(reply);
  return *reply;
}

}  // namespace yunzi::admin_tests
