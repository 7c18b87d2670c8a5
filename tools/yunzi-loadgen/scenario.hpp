// The shape every run has, whatever the server: open the connections a
// window at a time, let the subclass set each one up (log in, join a room),
// start the games, then measure for the asked-for window, drain the moves in
// flight and report. YunziScenario and BaselineScenario fill in the wire
// format; the move traffic itself (GameTraffic) is shared.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.hpp"
#include "tools/yunzi-loadgen/game_traffic.hpp"
#include "tools/yunzi-loadgen/options.hpp"
#include "tools/yunzi-loadgen/run_counters.hpp"
#include "tools/yunzi-loadgen/run_report.hpp"
#include "tools/yunzi-loadgen/seating.hpp"
#include "tools/yunzi-loadgen/ws_connection.hpp"

namespace yunzi::loadgen {

// The servers the connections go to, one or several nodes of a cluster.
using Endpoints = std::vector<boost::asio::ip::tcp::endpoint>;

class Scenario {
 public:
  Scenario(boost::asio::io_context& io, Options options, Endpoints endpoints, std::string target_name);
  virtual ~Scenario();
  Scenario(const Scenario&) = delete;
  Scenario& operator=(const Scenario&) = delete;

  // Runs the io_context until the report is complete.
  RunReport run();

 protected:
  // The WebSocket handshake of connection i is done: send its first frames.
  virtual void on_connection_open(int index) = 0;
  virtual void on_frame(int index, std::string_view text, SteadyTime arrival) = 0;
  // Every connection is set up (or failed): create the games; call
  // game_ready() for each, then all_games_ready().
  virtual void start_games() = 0;
  virtual void send_move(int game, Role mover, int move_number, const std::string& vertex) = 0;
  // No move is left in `game`: replace it, then traffic().begin(game).
  virtual void replace_game(int game, Role mover) = 0;

  void connection_ready(int index);
  void connection_failed(int index, const std::string& why);
  void game_ready(int game) { traffic_.begin(game); }
  void all_games_ready();
  void send(int index, std::string text);
  void send(int index, std::shared_ptr<const std::string> frame);
  bool is_open(int index) const { return connections_[index] && connections_[index]->is_open(); }

  const Options& options() const { return options_; }
  const Seating& seating() const { return seating_; }
  RunCounters& counters() { return counters_; }
  GameTraffic& traffic() { return traffic_; }
  boost::asio::io_context& io() { return io_; }

 private:
  void open_next();
  void connection_done();
  void on_setup_timeout();
  void begin_window();
  void end_window();
  void finish();

  boost::asio::io_context& io_;
  Options options_;
  Endpoints endpoints_;  // connection i goes to endpoints_[i % size], or its game's (Options::spread_by_game)
  Seating seating_;
  RunCounters counters_;
  GameTraffic traffic_;
  std::vector<std::shared_ptr<WsConnection>> connections_;
  std::vector<bool> done_;  // set up or failed
  int next_to_open_ = 0;
  int connections_done_ = 0;
  bool games_started_ = false;
  bool window_begun_ = false;
  boost::asio::steady_timer setup_deadline_;
  boost::asio::steady_timer phase_timer_;
  SteadyTime setup_began_;
  SteadyTime window_began_;
  ProcessUsage loadgen_before_;
  std::optional<ProcessUsage> server_before_;
  RunReport report_;
};

}  // namespace yunzi::loadgen
