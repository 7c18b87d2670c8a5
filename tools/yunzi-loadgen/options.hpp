// The load generator's command line: what to connect to, how many
// connections, games, spectators and idle connections, the move rate, how
// long to measure, and whether the target is yunzi or the bare baseline.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/expected.hpp"

namespace yunzi::loadgen {

struct Options {
  std::string host = "127.0.0.1";
  // One or more servers: connection i goes to ports[i % size] (players of
  // one game on different nodes of a cluster when there are several), or with
  // `spread_by_game` every connection of game g to ports[g % size].
  std::vector<std::uint16_t> ports;
  bool spread_by_game = false;
  int connections = 1000;  // all of them: players, spectators and idle ones
  int games = 200;
  int spectators = 3;        // per game
  double move_rate = 1.0;    // moves per second in each game
  double duration_s = 30.0;  // the measured window, after set-up
  double setup_timeout_s = 300.0;
  int board_size = 19;
  std::vector<int> server_pids;  // read VmRSS and CPU time of these processes (a cluster's nodes: summed)
  std::string run_id;            // names are loadgen-<run>-<i>
  std::string password = "loadgen-password";
  bool baseline = false;     // drive yunzi_bench_ws_baseline instead of yunzi
  int frame_bytes = 240;     // baseline move frames, about a yunzi game.move event
  int connect_window = 200;  // connections being opened and logged in at once
  std::uint64_t seed = 1;
  std::optional<std::string> json_file;  // the JSON report also goes there

  int players_and_spectators() const { return games * (2 + spectators); }
  int idle_connections() const { return connections - players_and_spectators(); }
};

enum class ParseOutcome { run, help };

struct Parsed {
  ParseOutcome outcome = ParseOutcome::run;
  Options options;
};

// A message naming the flag and what is wrong, on any mistake.
Expected<Parsed, std::string> parse_options(const std::vector<std::string>& args);
std::string usage_text(const std::string& program);

}  // namespace yunzi::loadgen
