// Which earlier positions a move may not repeat: the rule a game is played
// under, chosen in its settings and applied by the engine.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace yunzi {

enum class KoRule : std::uint8_t { simple, positional, situational };
std::string_view to_string(KoRule rule);  // "simple" / "positional" / "situational"
std::optional<KoRule> parse_ko_rule(std::string_view text);

}  // namespace yunzi
