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
  args.insert(args.begin(), {"db", "--data-dir", server.data_dir().string()});
  return run_admin_tool(args, stdin_text);
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
