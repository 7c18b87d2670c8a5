// The engine as the bot finds it at start-up, before it goes online: the
// configured command must start and answer `name` (and, if it can,
// `version`), or the bot stops instead of accepting games it would resign
// at once; then one short position per accepted board size is timed for
// the engine's real speed (EngineSpeed).
#pragma once

#include <string>

#include "core/expected.hpp"
#include "tools/yunzi-bot/bot_config.hpp"
#include "tools/yunzi-bot/engine_speed.hpp"

namespace yunzi::bot {

struct EngineProfile {
  std::string name;  // "GNU Go 3.8", from the engine's own `name` and `version`
  EngineSpeed speed;
};

Expected<EngineProfile, std::string> check_engine(const BotConfig& config);

}  // namespace yunzi::bot
