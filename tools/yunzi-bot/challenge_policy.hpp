// Which challenges and seeks the bot takes: a pure function of its
// configuration, the engine's measured speed, the offered settings (as the
// server sends them, complete) and how many games it plays now. The reason
// is a short sentence the challenger reads.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "tools/yunzi-bot/bot_config.hpp"
#include "tools/yunzi-bot/engine_speed.hpp"

namespace yunzi::bot {

// nullopt: acceptable; otherwise why not.
std::optional<std::string> refusal_reason(const BotConfig& config, const nlohmann::json& settings,
                                          int games_in_progress, const EngineSpeed& speed = {});

}  // namespace yunzi::bot
