#include <sqlite3.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/address_v4.hpp>
#include <catch2/catch.hpp>
#include <cstdint>
#include <memory>

#include "tests/e2e/loadgen/baseline_process.hpp"
#include "tests/support/temp_dir.hpp"
#include "tools/yunzi-loadgen/baseline_scenario.hpp"

using namespace yunzi;
using namespace yunzi::loadgen;

namespace {

// 3 games x (2 players + 2 spectators) + 2 idle connections, 20 moves/s a
// game for 2 s, against the baseline server already started.
RunReport run_three_games(const testing::BaselineProcess& server) {
  Options options;
  options.ports = {server.port()};
  options.connections = 14;
  options.games = 3;
  options.spectators = 2;
  options.board_size = 9;
  options.move_rate = 20;
  options.duration_s = 2;
  options.server_pids = {server.pid()};
  options.run_id = "b";

  boost::asio::io_context io(1);
  BaselineScenario scenario(io, options, {{boost::asio::ip::address_v4::loopback(), server.port()}});
  return scenario.run();
}

void check_fan_out(const RunReport& report) {
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

std::int64_t count_of(sqlite3* db, const char* sql) {
  sqlite3_stmt* statement = nullptr;
  REQUIRE(sqlite3_prepare_v2(db, sql, -1, &statement, nullptr) == SQLITE_OK);
  std::unique_ptr<sqlite3_stmt, decltype(&sqlite3_finalize)> owned(statement, &sqlite3_finalize);
  REQUIRE(sqlite3_step(statement) == SQLITE_ROW);
  return sqlite3_column_int64(statement, 0);
}

}  // namespace

TEST_CASE("baseline run: the same fan-out through the bare server, measured", "[live]") {
  testing::BaselineProcess server;
  const auto started = server.start(1);
  INFO((started ? std::string() : started.error()));
  REQUIRE(started);
  check_fan_out(run_three_games(server));
}

TEST_CASE("baseline run with --commit: every relayed move is in the SQLite file, in order per game", "[live]") {
  test_support::TempDir dir("yunzi-baseline");
  const std::string file = dir.file("moves.sqlite3");
  testing::BaselineProcess server;
  const auto started = server.start(2, {"--commit", file});
  INFO((started ? std::string() : started.error()));
  REQUIRE(started);
  const RunReport report = run_three_games(server);
  check_fan_out(report);

  sqlite3* opened = nullptr;
  REQUIRE(sqlite3_open_v2(file.c_str(), &opened, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
  std::unique_ptr<sqlite3, decltype(&sqlite3_close)> db(opened, &sqlite3_close);
  // A move is committed before its frames go out, so whatever reached the
  // opponent is in the file, and nothing the players did not send.
  const std::int64_t moves = count_of(db.get(), "SELECT count(*) FROM moves");
  CHECK(moves >= report.moves_delivered);
  CHECK(moves <= report.moves_sent);
  CHECK(count_of(db.get(), "SELECT count(DISTINCT game_id) FROM moves") == 3);
  // Each game's moves are numbered 1..n without a gap, and its row counts them.
  CHECK(count_of(db.get(),
                 "SELECT count(*) FROM (SELECT game_id FROM moves GROUP BY game_id "
                 "HAVING min(number) <> 1 OR max(number) <> count(*))") == 0);
  CHECK(count_of(db.get(),
                 "SELECT count(*) FROM games g WHERE move_count <> "
                 "(SELECT count(*) FROM moves m WHERE m.game_id = g.id)") == 0);
  CHECK(count_of(db.get(), "SELECT min(length(clock_state)) FROM games WHERE move_count > 0") >= 200);
}
