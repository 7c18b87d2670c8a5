#include "server/app/app_metrics.hpp"

namespace yunzi::app {

void AppMetrics::count_error(protocol::ErrorCode code) {
  errors[static_cast<std::size_t>(code)].fetch_add(1, std::memory_order_relaxed);
}

std::string AppMetrics::render() const {
  std::string out;
  out += "# HELP yunzi_errors_total Error replies sent, by code.\n# TYPE yunzi_errors_total counter\n";
  for (std::size_t i = 0; i < error_code_count; ++i) {
    out += "yunzi_errors_total{code=\"";
    out += to_string(static_cast<protocol::ErrorCode>(i));
    out += "\"} " + std::to_string(errors[i].load(std::memory_order_relaxed)) + "\n";
  }
  out += "# HELP yunzi_moves_total Moves and passes played in this process.\n# TYPE yunzi_moves_total counter\n";
  out += "yunzi_moves_total " + std::to_string(moves_total.load(std::memory_order_relaxed)) + "\n";
  out += "# HELP yunzi_games_started_total Games started in this process.\n# TYPE yunzi_games_started_total counter\n";
  out += "yunzi_games_started_total " + std::to_string(games_started.load(std::memory_order_relaxed)) + "\n";
  out += move_latency.render("yunzi_move_seconds",
                             "From a game.move or game.pass arriving to its ok: checked, committed, broadcast.");
  return out;
}

}  // namespace yunzi::app
