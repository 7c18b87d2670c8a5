// yunzi-admin's server commands run as root against a RankedServer (a real
// yunzi-server whose players play rated games in seconds).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include "tests/e2e/admin/admin_process.hpp"
#include "tests/e2e/ranking/ranked_server.hpp"

namespace yunzi::admin_tests {

struct RankTools {
  e2e::RankedServer ranked;

  RankTools() = default;
  explicit RankTools(e2e::ServerOptions options) : ranked(std::move(options)) {}

  AdminRun as_root(std::vector<std::string> args) {
    args.insert(args.begin(), {"--server", "127.0.0.1:" + std::to_string(ranked.server.port()), "--user",
                               e2e::admin_name, "--password-stdin"});
    return run_admin_tool(args, std::string(e2e::admin_password) + "\n");
  }

  // Must succeed; its standard output.
  std::string ok(std::vector<std::string> args) {
    const AdminRun run = as_root(args);
    INFO(args.front() << ": " << run.out << run.err);
    REQUIRE(run.exit_code == 0);
    return run.out;
  }
};

}  // namespace yunzi::admin_tests
