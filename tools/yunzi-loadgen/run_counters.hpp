// What a run counts: moves sent and delivered, frames received, latency
// samples, and errors by code, kept apart for set-up and the measured window.
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "tools/yunzi-loadgen/latency_samples.hpp"

namespace yunzi::loadgen {

struct RunCounters {
  bool measuring = false;   // frames are counted only inside the window
  bool setup_over = false;  // errors from here on belong to the measurement
  std::int64_t moves_sent = 0;
  std::int64_t moves_delivered = 0;  // moves that reached the opponent
  std::int64_t move_events = 0;      // move events received by anyone
  std::int64_t frames_received = 0;
  // A game's tick came while its mover had not yet seen the previous move:
  // the server (or the load generator) is behind the asked-for rate.
  std::int64_t late_ticks = 0;
  std::int64_t games_restarted = 0;
  LatencySamples to_opponent;
  LatencySamples to_spectators;
  std::map<std::string, std::int64_t> errors;        // during the window and the drain
  std::map<std::string, std::int64_t> setup_errors;  // before it

  void count_error(const std::string& code) { ++(setup_over ? errors : setup_errors)[code]; }
};

}  // namespace yunzi::loadgen
