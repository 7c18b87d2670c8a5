#include "core/game_settings.hpp"

namespace yunzi {

std::string_view to_string(ColorChoice choice) {
  switch (choice) {
    case ColorChoice::black: return "black";
    case ColorChoice::white: return "white";
    case ColorChoice::automatic: break;
  }
  return "auto";
}

std::optional<ColorChoice> parse_color_choice(std::string_view text) {
  if (text == "auto") return ColorChoice::automatic;
  if (text == "black") return ColorChoice::black;
  if (text == "white") return ColorChoice::white;
  return std::nullopt;
}

}  // namespace yunzi
