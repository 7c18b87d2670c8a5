// A game's settings as the rules engine sets a game up: size, komi, ko rule
// and handicap (the clock and the rest are the room's).
#pragma once

#include "core/game_settings.hpp"
#include "engine/game.hpp"

namespace yunzi::game {

inline engine::GameSetup engine_setup(const GameSettings& settings) {
  engine::GameSetup setup;
  setup.size = settings.size;
  setup.komi = settings.komi;
  setup.ko_rule = settings.ko;
  setup.handicap = settings.handicap;
  return setup;
}

}  // namespace yunzi::game
