// Capture problems (吃子): a few of the opponent's stones among the player's near a corner, to be caught before
// they reach open ground, by a net, a snapback or plain ataris. The region is a square in the corner;
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

// Each draws a position where the player to move catches the target and the opponent to move would save it (a
// quick solve with a small budget says so), or gives nullopt for a drawn position that is not one:
// - a few stones around one or two of the opponent's, the region within two points of them;
std::optional<CapturePosition> random_capture(std::mt19937_64& rng);
// - a small, crowded stretch of the edge, where snapbacks are found;
std::optional<CapturePosition> tight_capture(std::mt19937_64& rng);
// - a stone chased toward the corner in a ladder, now and then with a stone of either side beside the track that
//   breaks the ladder or leaves one side to chase from. The region is the ladder's track.
std::optional<CapturePosition> ladder_capture(std::mt19937_64& rng);

// The main right line of the tree: the first child at every step.
std::vector<tsumego::Play> main_line(const tsumego::Problem& problem);

// "ladder", "net" or "snapback" when the problem's main right line shows one; empty otherwise.
std::vector<std::string> capture_themes(const tsumego::Problem& problem);

}  // namespace yunzi::problems
