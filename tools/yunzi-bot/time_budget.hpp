// From the game's clock to what the engine hears (`time_left`) and how long the bot waits: one budget per move, the
// time on the clock less the safety margin, subtracted here and nowhere else; the wait runs until the clock would
// really run out, capped (tools/BOT.md, "Behaviour": thinking time). Byo-yomi is told as Canadian periods of one stone,
// Fischer and absolute as sudden death.
#pragma once

#include <chrono>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace yunzi::bot {

using Millis = std::chrono::milliseconds;

// `time` is the game's settings.time object, read by the protocol's decoder
// (one it cannot read counts as the default byo-yomi clock); `side` one side
// of a `clock` object ({"main_ms", "periods", "period_ms", "stones"}).
std::optional<std::string> gtp_time_settings(const nlohmann::json& time);

// What remains before the current period (or the main time) of this move is
// used up, in ms (nullopt without a clock).
std::optional<long long> time_on_clock_ms(const nlohmann::json& time, const nlohmann::json& side);
// What remains before the game is lost on time (every period), in ms.
std::optional<long long> time_until_flag_ms(const nlohmann::json& time, const nlohmann::json& side);

struct MoveBudget {
  // The engine's time_left, from the usable time (nullopt without a clock).
  std::optional<std::string> time_left;
  // The time on the clock for this move (main time and the current
  // period; the cap without a clock).
  Millis on_clock{0};
  // That less the margin: what the move should take. A move slower than
  // this is late, not lost.
  Millis usable{0};
  // How long the bot waits for the move: until the clock runs out, at most
  // the cap (the cap alone without a clock).
  Millis wait{0};
  // Whether `wait` ends with the clock: after it there is no time left.
  bool wait_ends_with_clock = false;
};

MoveBudget move_budget(const nlohmann::json& time, const nlohmann::json& side, const std::string& color, Millis cap,
                       Millis margin);

}  // namespace yunzi::bot
