// An attempt's line as the wire and the store spell it (GTP vertices and
// "pass") and as tsumego plays it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "tsumego/life_and_death.hpp"

namespace yunzi::problems {

std::string play_text(const tsumego::Play& play, int size);
// nullopt for text that is neither "pass" nor a vertex on the board.
std::optional<tsumego::Play> parse_play(const std::string& text, int size);
std::optional<std::vector<tsumego::Play>> parse_line(const std::vector<std::string>& line, int size);

}  // namespace yunzi::problems
