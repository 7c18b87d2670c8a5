// What most tests start with: a temporary directory and a running server on
// it; `player()` connects a new Player to it.
#pragma once

#include <catch2/catch.hpp>

#include <string>

#include "tests/e2e/server/player.hpp"
#include "tests/e2e/server/server_process.hpp"
#include "tests/e2e/server/temp_dir.hpp"

namespace yunzi::e2e {

struct ServerFixture {
  explicit ServerFixture(ServerOptions options = {}) : server(dir.path(), std::move(options)) {
    auto started = server.start();
    if (!started) FAIL("the server did not start: " << started.error());
  }

  Player player(const std::string& name) { return Player(server.port(), name); }
  // A connected Player with a fresh account.
  Player registered(const std::string& name, const std::string& rank = "5k") {
    Player p = player(name);
    p.register_account(rank);
    return p;
  }

  TempDir dir;
  ServerProcess server;
};

}  // namespace yunzi::e2e
