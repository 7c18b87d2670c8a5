#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/address_v4.hpp>
#include <catch2/catch.hpp>

#include "tests/e2e/server/server_process.hpp"
#include "tests/support/temp_dir.hpp"
#include "tools/yunzi-loadgen/yunzi_scenario.hpp"

using namespace yunzi;
using namespace yunzi::loadgen;

namespace {

RunReport run_against(std::uint16_t port, Options options) {
  options.ports = {port};
  boost::asio::io_context io(1);
  YunziScenario scenario(io, options, {{boost::asio::ip::address_v4::loopback(), port}});
  return scenario.run();
}

Options small_run(const std::string& run) {
  Options options;
  options.connections = 10;  // 2 games x (2 players + 2 spectators) + 2 idle
  options.games = 2;
  options.spectators = 2;
  options.board_size = 9;
  options.move_rate = 10;
  options.duration_s = 2;
  options.run_id = run;
  return options;
}

}  // namespace

TEST_CASE("yunzi run: accounts, games, spectators and idle connections through the real server", "[live]") {
  yunzi::test_support::TempDir dir;
  yunzi::e2e::ServerProcess server(dir.path());
  const auto started = server.start();
  INFO((started ? std::string() : started.error()));
  REQUIRE(started);

  const RunReport first = run_against(server.port(), small_run("y1"));
  INFO(to_table(first));
  INFO(server.log_tail(20));
  CHECK(first.errors.empty());
  CHECK(first.setup_errors.empty());
  CHECK(first.games_playing == 2);
  CHECK(first.connections_open == 10);
  CHECK(first.moves_delivered > 15);  // 2 games x 10 moves/s x 2 s, less a loaded machine's losses
  CHECK(first.to_opponent.count == static_cast<std::size_t>(first.moves_delivered));
  CHECK(first.to_spectators.count >= static_cast<std::size_t>(2 * first.moves_delivered));
  // Mover, opponent and two spectators each get every move, the mover its
  // reply too; frames are counted in the window only, so each game's last
  // move may arrive uncounted in the drain after it.
  CHECK(first.frames_received >= 5 * (first.moves_delivered - 2));

  SECTION("the same names again log in instead of registering") {
    const RunReport again = run_against(server.port(), small_run("y1"));
    INFO(to_table(again));
    CHECK(again.setup_errors.size() == 1);
    CHECK(again.setup_errors.at("name_taken") == 10);
    CHECK(again.errors.empty());
    CHECK(again.games_playing == 2);
    CHECK(again.moves_delivered > 15);
  }
}

TEST_CASE("yunzi run: a game with no move left is resigned and replaced", "[live]") {
  yunzi::test_support::TempDir dir;
  yunzi::e2e::ServerProcess server(dir.path());
  REQUIRE(server.start());

  Options options = small_run("y2");
  options.connections = 2;
  options.games = 1;
  options.spectators = 0;
  options.move_rate = 80;
  options.duration_s = 5;
  const RunReport report = run_against(server.port(), options);
  INFO(to_table(report));
  INFO(server.log_tail(20));
  CHECK(report.errors.empty());
  // Random play on 9x9 ends within 162 moves (the cap); 80 moves/s for 5 s is more.
  REQUIRE(report.moves_delivered > 162);
  CHECK(report.games_restarted >= 1);
}
