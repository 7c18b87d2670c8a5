#include "tools/yunzi-loadgen/run_report.hpp"

#include <cstdio>

namespace yunzi::loadgen {

namespace {

nlohmann::json latency_json(const LatencySummary& s) {
  return {{"count", s.count}, {"p50_ms", s.p50_ms}, {"p95_ms", s.p95_ms}, {"p99_ms", s.p99_ms}, {"max_ms", s.max_ms}};
}

std::string format(const char* pattern, double a, double b = 0, double c = 0, double d = 0) {
  char line[256];
  std::snprintf(line, sizeof line, pattern, a, b, c, d);
  return line;
}

std::string latency_row(const char* label, const LatencySummary& s) {
  char line[256];
  std::snprintf(line, sizeof line, "  %-22s %9zu %9.2f %9.2f %9.2f %9.2f\n", label, s.count, s.p50_ms, s.p95_ms,
                s.p99_ms, s.max_ms);
  return line;
}

std::string error_rows(const char* label, const std::map<std::string, std::int64_t>& errors) {
  std::string out = std::string(label) + (errors.empty() ? " none\n" : "\n");
  for (const auto& [code, count] : errors) out += "  " + code + ": " + std::to_string(count) + "\n";
  return out;
}

}  // namespace

void fill_from_counters(RunReport& report, const RunCounters& counters) {
  report.moves_sent = counters.moves_sent;
  report.moves_delivered = counters.moves_delivered;
  report.move_events = counters.move_events;
  report.frames_received = counters.frames_received;
  report.late_ticks = counters.late_ticks;
  report.games_restarted = counters.games_restarted;
  report.to_opponent = counters.to_opponent.summary();
  report.to_spectators = counters.to_spectators.summary();
  report.errors = counters.errors;
  report.setup_errors = counters.setup_errors;
}

nlohmann::json to_json(const RunReport& r) {
  const Options& o = r.options;
  nlohmann::json out = {
      {"target", r.target},
      {"run", o.run_id},
      {"connections", o.connections},
      {"games", o.games},
      {"spectators_per_game", o.spectators},
      {"idle_connections", o.idle_connections()},
      {"board_size", o.board_size},
      {"move_rate_per_game", o.move_rate},
      {"setup_s", r.setup_s},
      {"window_s", r.window_s},
      {"connections_open", r.connections_open},
      {"games_playing", r.games_playing},
      {"moves_sent", r.moves_sent},
      {"moves_delivered", r.moves_delivered},
      {"moves_per_s", r.moves_per_s()},
      {"move_events", r.move_events},
      {"frames_received", r.frames_received},
      {"events_per_s", r.events_per_s()},
      {"late_ticks", r.late_ticks},
      {"games_restarted", r.games_restarted},
      {"latency_to_opponent", latency_json(r.to_opponent)},
      {"latency_to_spectators", latency_json(r.to_spectators)},
      {"errors", r.errors},
      {"setup_errors", r.setup_errors},
      {"loadgen_cpu_percent", r.loadgen_cpu_percent},
  };
  if (o.baseline) out["frame_bytes"] = o.frame_bytes;
  if (r.server) {
    out["server"] = {{"pids", o.server_pids},
                     {"rss_kib_before", r.server->before.rss_kib},
                     {"rss_kib_after", r.server->after.rss_kib},
                     {"peak_rss_kib", r.server->after.peak_rss_kib},
                     {"cpu_percent", r.server->cpu_percent}};
  } else if (r.server_usage_error) {
    out["server"] = {{"error", *r.server_usage_error}};
  }
  return out;
}

std::string to_table(const RunReport& r) {
  const Options& o = r.options;
  std::string out = "yunzi-loadgen against " + r.target + " (run " + o.run_id + ")\n";
  out += "  connections " + std::to_string(o.connections) + " (open at the end: " + std::to_string(r.connections_open) +
         "), games " + std::to_string(o.games) + " (playing: " + std::to_string(r.games_playing) +
         "), spectators/game " + std::to_string(o.spectators) + ", idle " + std::to_string(o.idle_connections()) +
         ", board " + std::to_string(o.board_size) + "x" + std::to_string(o.board_size) + "\n";
  out += format("  set-up %.1f s, window %.1f s, asked %.2f moves/s per game\n", r.setup_s, r.window_s, o.move_rate);
  out += format("  moves/s %.1f (sent %.0f, delivered %.0f)\n", r.moves_per_s(), static_cast<double>(r.moves_sent),
                static_cast<double>(r.moves_delivered));
  out += format("  events delivered/s %.1f (move events %.0f, late ticks %.0f, games replaced %.0f)\n",
                r.events_per_s(), static_cast<double>(r.move_events), static_cast<double>(r.late_ticks),
                static_cast<double>(r.games_restarted));
  out += "  latency (ms)             samples       p50       p95       p99       max\n";
  out += latency_row("move -> opponent", r.to_opponent);
  out += latency_row("move -> spectators", r.to_spectators);
  out += error_rows("errors in the window:", r.errors);
  out += error_rows("errors in set-up:", r.setup_errors);
  if (r.server) {
    out += format("  server: VmRSS %.1f MiB (before %.1f MiB, peak %.1f MiB), CPU %.1f%% of one core\n",
                  static_cast<double>(r.server->after.rss_kib) / 1024.0,
                  static_cast<double>(r.server->before.rss_kib) / 1024.0,
                  static_cast<double>(r.server->after.peak_rss_kib) / 1024.0, r.server->cpu_percent);
  } else if (r.server_usage_error) {
    out += "  server: " + *r.server_usage_error + "\n";
  }
  out += format("  load generator CPU %.1f%% of one core\n", r.loadgen_cpu_percent);
  return out;
}

}  // namespace yunzi::loadgen
