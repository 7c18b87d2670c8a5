// Which challenges and seeks the bot takes: a pure function of its
// configuration, the offered settings (as the server sends them, complete)
// and how many games it plays now. The reason is a short sentence the
// challenger can read.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "tools/yunzi-bot/bot_config.hpp"

namespace yunzi::bot {

// nullopt: acceptable; otherwise why not.
std::optional<std::string> refusal_reason(const BotConfig& config, const nlohmann::json& settings, int games_in_progress);

}  // namespace yunzi::bot
