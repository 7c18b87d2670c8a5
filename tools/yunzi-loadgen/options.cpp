#include "tools/yunzi-loadgen/options.hpp"

#include <charconv>
#include <chrono>
#include <functional>
#include <map>

namespace yunzi::loadgen {

namespace {

template <class Number>
bool parse_number(const std::string& text, Number& out) {
  const auto result = std::from_chars(text.data(), text.data() + text.size(), out);
  return !text.empty() && result.ec == std::errc() && result.ptr == text.data() + text.size();
}

// Base-36 seconds, six characters at most: with at most 100,000 connections
// loadgen-<run>-<i> then stays within the 20 code points of a user name.
std::string default_run_id() {
  auto seconds =
      std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count() %
      2176782336LL;  // 36^6
  std::string out;
  do {
    out.insert(out.begin(), "0123456789abcdefghijklmnopqrstuvwxyz"[seconds % 36]);
    seconds /= 36;
  } while (seconds > 0);
  return out;
}

bool valid_run_id(const std::string& run) {
  if (run.empty() || run.size() > 6) return false;
  for (char c : run) {
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))) return false;
  }
  return true;
}

using Setter = std::function<bool(Options&, const std::string&)>;

template <class Number>
Setter number_in(Number Options::*field, Number low, Number high) {
  return [=](Options& o, const std::string& v) {
    Number n{};
    if (!parse_number(v, n) || n < low || n > high) return false;
    o.*field = n;
    return true;
  };
}

const std::map<std::string, Setter>& setters() {
  static const std::map<std::string, Setter> table = {
      {"--host",
       [](Options& o, const std::string& v) {
         o.host = v;
         return !v.empty();
       }},
      {"--port",
       [](Options& o, const std::string& v) {
         unsigned n = 0;
         if (!parse_number(v, n) || n == 0 || n > 65535) return false;
         o.ports.push_back(static_cast<std::uint16_t>(n));
         return true;
       }},
      {"--spread",
       [](Options& o, const std::string& v) {
         if (v != "connection" && v != "game") return false;
         o.spread_by_game = v == "game";
         return true;
       }},
      {"--connections", number_in(&Options::connections, 1, 100000)},
      {"--games", number_in(&Options::games, 0, 50000)},
      {"--spectators", number_in(&Options::spectators, 0, 1000)},
      {"--move-rate", number_in(&Options::move_rate, 0.01, 1000.0)},
      {"--duration", number_in(&Options::duration_s, 1.0, 86400.0)},
      {"--setup-timeout", number_in(&Options::setup_timeout_s, 1.0, 86400.0)},
      {"--size",
       [](Options& o, const std::string& v) {
         int n = 0;
         if (!parse_number(v, n) || (n != 9 && n != 13 && n != 19)) return false;
         o.board_size = n;
         return true;
       }},
      {"--server-pid",
       [](Options& o, const std::string& v) {
         int n = 0;
         if (!parse_number(v, n) || n <= 0) return false;
         o.server_pids.push_back(n);
         return true;
       }},
      {"--run",
       [](Options& o, const std::string& v) {
         o.run_id = v;
         return valid_run_id(v);
       }},
      {"--password",
       [](Options& o, const std::string& v) {
         o.password = v;
         return !v.empty() && v.size() <= 128;
       }},
      {"--frame-bytes", number_in(&Options::frame_bytes, 32, 16000)},
      {"--connect-window", number_in(&Options::connect_window, 1, 10000)},
      {"--seed", number_in(&Options::seed, std::uint64_t{0}, ~std::uint64_t{0})},
      {"--json",
       [](Options& o, const std::string& v) {
         o.json_file = v;
         return !v.empty();
       }},
  };
  return table;
}

}  // namespace

Expected<Parsed, std::string> parse_options(const std::vector<std::string>& args) {
  Parsed parsed;
  Options& o = parsed.options;
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string flag = args[i];
    if (flag == "--help" || flag == "-h") {
      parsed.outcome = ParseOutcome::help;
      return parsed;
    }
    if (flag == "--baseline") {
      o.baseline = true;
      continue;
    }
    std::string value;
    if (const auto eq = flag.find('='); eq != std::string::npos) {
      value = flag.substr(eq + 1);
      flag.resize(eq);
    } else if (i + 1 < args.size()) {
      value = args[++i];
    } else {
      return unexpected(flag + " needs a value (see --help)");
    }
    const auto setter = setters().find(flag);
    if (setter == setters().end()) return unexpected("unknown flag " + flag + " (see --help)");
    if (!setter->second(o, value)) return unexpected("bad value for " + flag + ": '" + value + "' (see --help)");
  }
  if (o.ports.empty()) return unexpected(std::string("--port is required"));
  if (o.idle_connections() < 0) {
    return unexpected("--connections " + std::to_string(o.connections) + " is fewer than the " +
                      std::to_string(o.players_and_spectators()) + " players and spectators that " +
                      std::to_string(o.games) + " games with " + std::to_string(o.spectators) + " spectators need");
  }
  if (o.run_id.empty()) o.run_id = default_run_id();
  return parsed;
}

std::string usage_text(const std::string& program) {
  return "usage: " + program + R"( --port N [options]

Opens N WebSocket connections to a yunzi server (or, with --baseline, to
yunzi_bench_ws_baseline), plays M friendly games at a fixed move rate with S
spectators each, keeps the remaining connections idle, and reports moves/s,
events/s, move latency to the opponent and to spectators, errors by code,
and the server's memory and CPU.

  --host ADDR            server address (127.0.0.1)
  --port N               server port (required); given again for each node of
                         a cluster, the connections take them in turn
  --spread connection|game  with several ports: each connection takes the
                         next (connection, the default), or all of a game's
                         players and spectators take the game's (game)
  --connections N        all connections: players + spectators + idle (1000)
  --games M              simultaneous games (200)
  --spectators S         spectators per game (3)
  --move-rate R          moves per second in each game (1)
  --duration SECONDS     measured window after set-up (30)
  --setup-timeout SEC    give up when set-up takes longer (300)
  --size 9|13|19         board size (19)
  --server-pid PID       read VmRSS and CPU time of this process from /proc;
                         again for each node of a cluster, summed
  --run ID               names are loadgen-ID-<i>; 1-6 of a-z0-9 (from the clock)
  --password TEXT        password of the generated accounts
  --baseline             drive yunzi_bench_ws_baseline with the same fan-out
  --frame-bytes N        size of a baseline move frame (240)
  --connect-window N     connections opened and logged in at once (200)
  --seed N               move choice seed (1)
  --json FILE            also write the JSON report to FILE
  --help                 this text
)";
}

}  // namespace yunzi::loadgen
