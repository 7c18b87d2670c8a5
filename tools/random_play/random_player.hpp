// The move yunzi-gtp's genmove plays: a uniformly random legal move that does not fill
// one of the mover's own single-point eyes. Deterministic for a given
// generator state, so a seeded yunzi-gtp replays the same game.
#pragma once

#include <optional>
#include <random>

#include "engine/game.hpp"

namespace yunzi::random_play {

// nullopt when no such move exists: the player should pass.
std::optional<engine::Vertex> choose_random_move(const engine::Game& game, engine::Color color, std::mt19937_64& rng);

// The same among the points within `reach` steps (along the lines) of a
// stone on the board: the loose move of a weak player, not a stone dropped
// anywhere. Any random move when there is no such point (an empty board).
std::optional<engine::Vertex> choose_nearby_move(const engine::Game& game, engine::Color color, std::mt19937_64& rng,
                                                 int reach = 2);

}  // namespace yunzi::random_play
