#include "protocol/settings.hpp"

namespace yunzi::protocol {

std::string_view system_name(const TimeControl& time) {
  struct Namer {
    std::string_view operator()(const ByoYomi&) const { return "byoyomi"; }
    std::string_view operator()(const Fischer&) const { return "fischer"; }
    std::string_view operator()(const Canadian&) const { return "canadian"; }
    std::string_view operator()(const Absolute&) const { return "absolute"; }
    std::string_view operator()(const NoClock&) const { return "none"; }
  };
  return std::visit(Namer{}, time);
}

GameSettings RequestedSettings::with_default_time(const TimeControl& default_time) const {
  GameSettings settings = rest;
  settings.time = time.value_or(default_time);
  return settings;
}

std::string_view to_string(ColorChoice choice) {
  switch (choice) {
    case ColorChoice::black: return "black";
    case ColorChoice::white: return "white";
    case ColorChoice::automatic: break;
  }
  return "auto";
}

}  // namespace yunzi::protocol
