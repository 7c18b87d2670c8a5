#include "protocol/settings.hpp"

namespace yunzi::protocol {

GameSettings RequestedSettings::with_default_time(const TimeControl& default_time) const {
  GameSettings settings = rest;
  settings.time = time.value_or(default_time);
  return settings;
}

}  // namespace yunzi::protocol
