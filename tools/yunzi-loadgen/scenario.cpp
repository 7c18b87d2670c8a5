#include "tools/yunzi-loadgen/scenario.hpp"

namespace yunzi::loadgen {

namespace {

// Moves sent just before the window closed still count when they arrive
// within this time; later arrivals say the server is overloaded anyway.
constexpr auto drain_time = std::chrono::seconds(3);

double seconds_between(SteadyTime from, SteadyTime to) { return std::chrono::duration<double>(to - from).count(); }

}  // namespace

Scenario::Scenario(boost::asio::io_context& io, Options options, Endpoints endpoints, std::string target_name)
    : io_(io),
      options_(std::move(options)),
      endpoints_(std::move(endpoints)),
      seating_(options_.games, options_.spectators),
      traffic_(io, options_.games, options_.board_size, options_.move_rate, options_.seed, counters_,
               GameTraffic::Hooks{[this](int game, Role mover, int number, const std::string& vertex) {
                                    send_move(game, mover, number, vertex);
                                  },
                                  [this](int game, Role mover) { replace_game(game, mover); }}),
      connections_(static_cast<std::size_t>(options_.connections)),
      done_(static_cast<std::size_t>(options_.connections), false),
      setup_deadline_(io),
      phase_timer_(io) {
  report_.target = std::move(target_name);
  report_.options = options_;
}

Scenario::~Scenario() {
  for (auto& connection : connections_) {
    if (connection) connection->stop();
  }
}

RunReport Scenario::run() {
  setup_began_ = std::chrono::steady_clock::now();
  setup_deadline_.expires_after(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::duration<double>(options_.setup_timeout_s)));
  setup_deadline_.async_wait([this](const boost::system::error_code& ec) {
    if (!ec) on_setup_timeout();
  });
  for (int i = 0; i < options_.connect_window && next_to_open_ < options_.connections; ++i) open_next();
  io_.run();
  return report_;
}

void Scenario::open_next() {
  const int index = next_to_open_++;
  const auto& endpoint = endpoints_[static_cast<std::size_t>(
      seating_.node_of(index, static_cast<int>(endpoints_.size()), options_.spread_by_game))];
  const std::string host = endpoint.address().to_string() + ":" + std::to_string(endpoint.port());
  connections_[index] = std::make_shared<WsConnection>(
      io_, WsConnection::Handlers{[this, index] { on_connection_open(index); },
                                  [this, index](std::string_view text) {
                                    const auto arrival = std::chrono::steady_clock::now();
                                    if (counters_.measuring) ++counters_.frames_received;
                                    on_frame(index, text, arrival);
                                  },
                                  [this, index](const std::string& why) { connection_failed(index, why); }});
  connections_[index]->start(endpoint, host);
}

void Scenario::connection_ready(int index) {
  if (done_[index]) return;
  done_[index] = true;
  connection_done();
}

void Scenario::connection_failed(int index, const std::string& why) {
  // The reason's first words make the error code: "connect", "handshake", "read"...
  counters_.count_error("net:" + why.substr(0, why.find(':')));
  if (done_[index]) return;
  done_[index] = true;
  connection_done();
}

void Scenario::connection_done() {
  ++connections_done_;
  if (next_to_open_ < options_.connections) open_next();
  if (connections_done_ == options_.connections && !games_started_) {
    games_started_ = true;
    start_games();
  }
}

void Scenario::all_games_ready() {
  if (window_begun_) return;
  setup_deadline_.cancel();
  begin_window();
}

void Scenario::on_setup_timeout() {
  if (window_begun_) return;
  counters_.count_error("loadgen:setup_timeout");
  // Measure what did get set up rather than nothing at all.
  begin_window();
}

void Scenario::send(int index, std::string text) {
  if (connections_[index]) connections_[index]->send(std::move(text));
}

void Scenario::send(int index, std::shared_ptr<const std::string> frame) {
  if (connections_[index]) connections_[index]->send(std::move(frame));
}

void Scenario::begin_window() {
  window_begun_ = true;
  window_began_ = std::chrono::steady_clock::now();
  report_.setup_s = seconds_between(setup_began_, window_began_);
  for (int g = 0; g < options_.games; ++g) report_.games_playing += traffic_.active(g) ? 1 : 0;
  counters_.setup_over = true;
  counters_.measuring = true;
  if (auto self = read_process_usage(0)) loadgen_before_ = *self;
  if (!options_.server_pids.empty()) {
    auto server = read_processes_usage(options_.server_pids);
    if (server) {
      server_before_ = *server;
    } else {
      report_.server_usage_error = server.error();
    }
  }
  traffic_.start_ticking();
  phase_timer_.expires_after(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::duration<double>(options_.duration_s)));
  phase_timer_.async_wait([this](const boost::system::error_code& ec) {
    if (!ec) end_window();
  });
}

void Scenario::end_window() {
  const auto now = std::chrono::steady_clock::now();
  traffic_.stop_ticking();
  counters_.measuring = false;
  report_.window_s = seconds_between(window_began_, now);
  if (auto self = read_process_usage(0)) {
    report_.loadgen_cpu_percent = cpu_percent(loadgen_before_, *self, report_.window_s);
  }
  if (server_before_) {
    auto server = read_processes_usage(options_.server_pids);
    if (server) {
      report_.server = ServerUsage{*server_before_, *server, cpu_percent(*server_before_, *server, report_.window_s)};
    } else {
      report_.server_usage_error = server.error();
    }
  }
  for (int i = 0; i < options_.connections; ++i) report_.connections_open += is_open(i) ? 1 : 0;
  phase_timer_.expires_after(drain_time);
  phase_timer_.async_wait([this](const boost::system::error_code& ec) {
    if (!ec) finish();
  });
}

void Scenario::finish() {
  fill_from_counters(report_, counters_);
  setup_deadline_.cancel();
  for (auto& connection : connections_) {
    if (connection) connection->stop();
  }
  io_.stop();
}

}  // namespace yunzi::loadgen
