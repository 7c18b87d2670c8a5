// Capture problems (吃子): one or two of the opponent's stones cut into the player's stones near a corner, to be
// caught before they reach open ground, by a ladder, a net or a snapback. The region is a square in the corner;
// the empty points beyond it count as open ground, so a chain that reaches the square's edge has escaped.
#pragma once

#include <optional>
#include <random>
#include <string>
#include <vector>

#include "tools/yunzi-problems/problem_maker.hpp"

namespace yunzi::problems {

struct CapturePosition {
  tsumego::Problem bare;  // stones, side to move, goal "capture", target and region; no tree yet
  Naming naming;
};

// A random position where the player to move catches the target and the opponent to move would save it (a quick
// solve with a small budget says so), or nullopt for a drawn position that is not one.
std::optional<CapturePosition> random_capture(std::mt19937_64& rng);

// "ladder", "net" or "snapback" when the problem's main right line shows one; empty otherwise.
std::vector<std::string> capture_themes(const tsumego::Problem& problem);

}  // namespace yunzi::problems
