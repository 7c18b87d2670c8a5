// The outcome of one run, as JSON (for scripts) and as a table (for people).
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "tools/yunzi-loadgen/latency_samples.hpp"
#include "tools/yunzi-loadgen/options.hpp"
#include "tools/yunzi-loadgen/process_usage.hpp"
#include "tools/yunzi-loadgen/run_counters.hpp"

namespace yunzi::loadgen {

struct ServerUsage {
  ProcessUsage before;
  ProcessUsage after;
  double cpu_percent = 0;  // of one core, over the window
};

struct RunReport {
  std::string target;  // "yunzi" or "baseline"
  Options options;
  double setup_s = 0;
  double window_s = 0;
  int connections_open = 0;  // at the end of the window
  int games_playing = 0;     // games set up and moving
  std::int64_t moves_sent = 0;
  std::int64_t moves_delivered = 0;
  std::int64_t move_events = 0;
  std::int64_t frames_received = 0;
  std::int64_t late_ticks = 0;
  std::int64_t games_restarted = 0;
  LatencySummary to_opponent;
  LatencySummary to_spectators;
  std::map<std::string, std::int64_t> errors;
  std::map<std::string, std::int64_t> setup_errors;
  std::optional<ServerUsage> server;
  std::optional<std::string> server_usage_error;
  double loadgen_cpu_percent = 0;

  double moves_per_s() const { return window_s > 0 ? static_cast<double>(moves_delivered) / window_s : 0; }
  double events_per_s() const { return window_s > 0 ? static_cast<double>(frames_received) / window_s : 0; }
};

void fill_from_counters(RunReport& report, const RunCounters& counters);
nlohmann::json to_json(const RunReport& report);
std::string to_table(const RunReport& report);

}  // namespace yunzi::loadgen
