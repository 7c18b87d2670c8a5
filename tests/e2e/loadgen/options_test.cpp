#include <catch2/catch.hpp>

#include "tools/yunzi-loadgen/options.hpp"
#include "tools/yunzi-loadgen/seating.hpp"

using namespace yunzi;
using namespace yunzi::loadgen;

namespace {

Options parse_ok(std::vector<std::string> args) {
  const auto parsed = parse_options(args);
  INFO((parsed ? std::string() : parsed.error()));
  REQUIRE(parsed);
  return parsed->options;
}

std::string parse_error(std::vector<std::string> args) {
  const auto parsed = parse_options(args);
  REQUIRE_FALSE(parsed);
  return parsed.error();
}

}  // namespace

TEST_CASE("options: defaults, both flag spellings and the idle remainder") {
  const Options o = parse_ok({"--port", "9000", "--connections=1200", "--games", "200", "--spectators=3", "--move-rate",
                              "2.5", "--size", "9", "--run", "abc12", "--baseline"});
  CHECK(o.ports == std::vector<std::uint16_t>{9000});
  CHECK(o.connections == 1200);
  CHECK(o.players_and_spectators() == 1000);
  CHECK(o.idle_connections() == 200);
  CHECK(o.move_rate == Approx(2.5));
  CHECK(o.board_size == 9);
  CHECK(o.run_id == "abc12");
  CHECK(o.baseline);
  CHECK(o.host == "127.0.0.1");
  CHECK(o.duration_s == Approx(30));
}

TEST_CASE("options: --port again adds a node, in order") {
  const Options o = parse_ok({"--port", "9001", "--port=9002", "--port", "9003"});
  CHECK(o.ports == std::vector<std::uint16_t>{9001, 9002, 9003});
}

TEST_CASE("options: --spread game puts a game's players and spectators on one node, idle connections in turn") {
  CHECK_FALSE(parse_ok({"--port", "1"}).spread_by_game);
  CHECK_FALSE(parse_ok({"--port", "1", "--spread", "connection"}).spread_by_game);
  CHECK(parse_ok({"--port", "1", "--spread=game"}).spread_by_game);
  CHECK(parse_error({"--port", "1", "--spread", "node"}).find("--spread") != std::string::npos);

  const Seating seating(4, 3);  // connections 0-19 play or watch, 20 and on are idle
  std::vector<int> by_connection, by_game;
  for (int connection = 0; connection < 10; ++connection) {
    by_connection.push_back(seating.node_of(connection, 3, false));
    by_game.push_back(seating.node_of(connection, 3, true));
  }
  CHECK(by_connection == std::vector<int>{0, 1, 2, 0, 1, 2, 0, 1, 2, 0});
  CHECK(by_game == std::vector<int>{0, 0, 0, 0, 0, 1, 1, 1, 1, 1});
  CHECK(seating.node_of(19, 3, true) == 0);  // game 3
  CHECK(seating.node_of(22, 3, true) == 1);  // idle: in turn
}

TEST_CASE("options: a run id is made from the clock when none is given") {
  const Options o = parse_ok({"--port", "1"});
  CHECK_FALSE(o.run_id.empty());
  CHECK(o.run_id.size() <= 6);
  CHECK(o.run_id.find_first_not_of("0123456789abcdefghijklmnopqrstuvwxyz") == std::string::npos);
}

TEST_CASE("options: mistakes are named") {
  CHECK(parse_error({}) == "--port is required");
  CHECK(parse_error({"--port", "1", "--bogus", "2"}).find("unknown flag --bogus") != std::string::npos);
  CHECK(parse_error({"--port", "1", "--size", "10"}).find("bad value for --size: '10'") != std::string::npos);
  CHECK(parse_error({"--port", "70000"}).find("--port") != std::string::npos);
  CHECK(parse_error({"--port", "1", "--move-rate", "fast"}).find("--move-rate") != std::string::npos);
  CHECK(parse_error({"--port", "1", "--games"}).find("--games needs a value") != std::string::npos);
  CHECK(parse_error({"--port", "1", "--run", "UPPER"}).find("--run") != std::string::npos);
  const std::string too_few = parse_error({"--port", "1", "--connections", "10", "--games", "3"});
  CHECK(too_few.find("fewer than the 15 players and spectators") != std::string::npos);
  CHECK(parse_error({"--port", "1", "--run", "abcdefg"}).find("--run") != std::string::npos);
  CHECK(parse_error({"--port", "1", "--connections", "100001"}).find("--connections") != std::string::npos);
}

TEST_CASE("options: the longest run id and connection count still make valid user names") {
  const Options o = parse_ok({"--port", "1", "--run", "abcdef", "--connections", "100000", "--games", "0"});
  const std::string last_name = "loadgen-" + o.run_id + "-" + std::to_string(o.connections - 1);
  CHECK(last_name.size() == 20);
}

TEST_CASE("options: --help stops parsing and the usage names every flag") {
  const auto parsed = parse_options({"--port", "1", "--help", "--bogus"});
  REQUIRE(parsed);
  CHECK(parsed->outcome == ParseOutcome::help);
  const std::string usage = usage_text("yunzi-loadgen");
  for (const char* flag : {"--host", "--port", "--connections", "--games", "--spectators", "--move-rate", "--duration",
                           "--size", "--server-pid", "--spread", "--run", "--baseline", "--frame-bytes", "--json"}) {
    CHECK(usage.find(flag) != std::string::npos);
  }
}
