// What the bot says of itself: the greeting in each game's chat and the
// offer (bot.offer) that lists it among the machine opponents, both made
// from its configuration and what the engine was found to be at start-up.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "tools/yunzi-bot/bot_config.hpp"
#include "tools/yunzi-bot/engine_check.hpp"

namespace yunzi::bot {

// "GNU Go 3.8 level 8 here, good game" with the name the engine gave at
// start-up, or the configured greeting.
std::string greeting_for(const BotConfig& config, const std::string& engine_name);
// `strength`, or "level 3, 20% loose moves" from the GNU Go level and `weaken`.
std::string strength_for(const BotConfig& config);
// The `offer` object of bot.offer: what the challenge policy accepts, the
// least time per move being the slowest the engine's measured speed allows.
nlohmann::json offer_for(const BotConfig& config, const EngineProfile& engine);

}  // namespace yunzi::bot
