// What most tests start with: a temporary directory and a running server on
// it; `player()` connects a new Player to it. At the end the server is
// stopped with SIGTERM and must exit with 0, so a crash or a sanitizer report
// at any point of any test fails it.
#pragma once

#include <catch2/catch.hpp>

#include <exception>
#include <string>

#include "tests/e2e/server/player.hpp"
#include "tests/e2e/server/server_process.hpp"
#include "tests/support/temp_dir.hpp"

namespace yunzi::e2e {

struct ServerFixture {
  explicit ServerFixture(ServerOptions options = {}) : server(dir.path(), std::move(options)) {
    auto started = server.start();
    if (!started) FAIL("the server did not start: " << started.error());
  }

  ~ServerFixture() {
    if (!server.running()) return;
    auto exit_code = server.stop();
    if (std::uncaught_exceptions() > 0) return;  // the test already failed
    INFO("stopping the server at the end of the test");
    if (!exit_code) FAIL_CHECK(exit_code.error());
    else CHECK(*exit_code == 0);
  }
  ServerFixture(const ServerFixture&) = delete;
  ServerFixture& operator=(const ServerFixture&) = delete;

  Player player(const std::string& name) { return Player(server.port(), name); }
  // A connected Player with a fresh account.
  Player registered(const std::string& name, const std::string& rank = "5k") {
    Player p = player(name);
    p.register_account(rank);
    return p;
  }

  test_support::TempDir dir;
  ServerProcess server;
};

}  // namespace yunzi::e2e
