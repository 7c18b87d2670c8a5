// From the game's clock to what the engine hears and how long the bot waits
// for it: the GTP `time_settings` for the game's time system, the
// `time_left` before each genmove, and the genmove timeout (the bot's time
// on the clock less a safety margin, never above the configured cap). Time
// systems GTP does not know are told approximately: byo-yomi as Canadian
// periods of one stone, Fischer and absolute as sudden death.
#pragma once

#include <chrono>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace yunzi::bot {

// `time` is the game's settings.time object; `side` one side of a `clock`
// object ({"main_ms", "periods", "period_ms", "stones"}).
std::optional<std::string> gtp_time_settings(const nlohmann::json& time);
std::optional<std::string> gtp_time_left(const nlohmann::json& time, const nlohmann::json& side, const std::string& color);

// What remains before the bot loses on time for this move, in ms (nullopt
// without a clock).
std::optional<long long> time_on_clock_ms(const nlohmann::json& time, const nlohmann::json& side);

std::chrono::milliseconds genmove_timeout(const nlohmann::json& time, const nlohmann::json& side,
                                          std::chrono::milliseconds cap, std::chrono::milliseconds margin);

}  // namespace yunzi::bot
