// Turns an enclosed group into a problem when the solver proves that the side to move decides it with one move:
// the position turned and coloured, the goal, an answer tree (the right line with the opponent's best resistance,
// and wrong tries with their refutations, all from the solver), the themes and a first estimate of difficulty.
#pragma once

#include <optional>
#include <random>
#include <string>

#include "tools/yunzi-problems/enclosed_group.hpp"
#include "tsumego/problem.hpp"
#include "tsumego/verification.hpp"

namespace yunzi::problems {

struct Made {
  tsumego::Problem problem;
  double difficulty = 0;  // grows with the proof's size and the right line's length
};

// How a problem is named and tagged: where it lies, the classic shape it shows, whether a game gave it.
struct Naming {
  std::string where = "corner";  // "corner", "side" or "centre"
  std::string shape_name;
  std::string shape_theme;
  bool from_game = false;
  std::string source;  // which game, for the title: "game 123"; empty when unnamed
};

struct MakerOptions {
  tsumego::SolverLimits limits{200'000};
  int wrong_tries = 2;  // refuted first moves put in the tree
  // How many right first moves a problem may have, each with its right line in the tree. One for made shapes;
  // the named corner shapes are taught as they are, where a group often lives or dies in more than one way.
  std::size_t most_right_first_moves = 1;
};

// The problem a position (stones, side to move, goal, target) makes, or nullopt when it is none: nothing to do,
// more than one right first move, or too hard to prove.
std::optional<Made> finish_problem(tsumego::Problem bare, const Naming& naming, std::mt19937_64& rng,
                                   const MakerOptions& options);
// The same for an enclosed group, turned by `symmetry` and coloured.
std::optional<Made> make_problem(const EnclosedGroup& group, bool owner_to_move, int symmetry, bool owner_is_black,
                                 std::mt19937_64& rng, const MakerOptions& options);

}  // namespace yunzi::problems
