// The area count of a dead-stone marking as the wire carries it (`count` in
// game.scoring and in a game's state): the game's current board with the
// marked stones taken off, under its komi and handicap, with the territory
// of each colour, so clients show the server's count instead of their own.
#pragma once

#include <optional>
#include <vector>

#include "engine/game.hpp"
#include "protocol/payloads.hpp"

namespace yunzi::game {

// nullopt when the marking does not fit the board (a point off it or empty).
std::optional<protocol::AreaCount> area_count(const engine::Game& game, const std::vector<engine::Vertex>& dead);

}  // namespace yunzi::game
