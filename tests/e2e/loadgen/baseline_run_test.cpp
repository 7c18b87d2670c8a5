#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/address_v4.hpp>
#include <catch2/catch.hpp>

#include "tests/e2e/loadgen/baseline_process.hpp"
#include "tools/yunzi-loadgen/baseline_scenario.hpp"

using namespace yunzi;
using namespace yunzi::loadgen;

TEST_CASE("baseline run: the same fan-out through the bare server, measured", "[live]") {
  testing::BaselineProcess server;
  const auto started = server.start(1);
  INFO((started ? std::string() : started.error()));
  REQUIRE(started);

  Options options;
  options.ports = {server.port()};
  options.connections = 14;  // 3 games x (2 players + 2 spectators) + 2 idle
  options.games = 3;
  options.spectators = 2;
  options.board_size = 9;
  options.move_rate = 20;
  options.duration_s = 2;
  options.server_pids = {server.pid()};
  options.run_id = "b";

  boost::asio::io_context io(1);
  BaselineScenario scenario(io, options, {{boost::asio::ip::address_v4::loopback(), server.port()}});
  const RunReport report = scenario.run();

  INFO(to_table(report));
  CHECK(report.errors.empty());
  CHECK(report.setup_errors.empty());
  CHECK(report.games_playing == 3);
  CHECK(report.connections_open == 14);
  // 3 games x 20 moves/s x 2 s, less what a loaded machine loses.
  CHECK(report.moves_delivered > 40);
  CHECK(report.moves_delivered <= report.moves_sent);
  CHECK(report.to_opponent.count == static_cast<std::size_t>(report.moves_delivered));
  // Every move reaches both spectators of its room and nobody else.
  CHECK(report.to_spectators.count >= static_cast<std::size_t>(2 * report.moves_delivered));
  // The room fan-out, as yunzi's: "ok" and the move back to the mover, the
  // move to the opponent and both spectators. Counted in the window only:
  // each game's last move may land in the drain.
  CHECK(report.frames_received >= 5 * (report.moves_delivered - 3));
  CHECK(report.move_events >= 4 * (report.moves_delivered - 3));
  CHECK(report.to_opponent.max_ms >= report.to_opponent.p50_ms);
  REQUIRE(report.server);
  CHECK(report.server->after.rss_kib > 0);
}
