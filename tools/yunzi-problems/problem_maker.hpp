// Turns an enclosed group into a problem when the solver proves that the side to move decides it with one move:
// the position turned and coloured, the goal, an answer tree (the right line with the opponent's best resistance,
// and wrong tries with their refutations, all from the solver), the themes and a first estimate of difficulty.
#pragma once

#include <optional>
#include <random>

#include "tools/yunzi-problems/enclosed_group.hpp"
#include "tsumego/problem.hpp"
#include "tsumego/verification.hpp"

namespace yunzi::problems {

struct Made {
  tsumego::Problem problem;
  double difficulty = 0;  // grows with the proof's size and the right line's length
};

struct MakerOptions {
  tsumego::SolverLimits limits{200'000};
  int wrong_tries = 2;  // refuted first moves put in the tree
};

// nullopt when the group is not a problem: nothing to do, more than one right first move, or too hard to prove.
std::optional<Made> make_problem(const EnclosedGroup& group, bool owner_to_move, int symmetry, bool owner_is_black,
                                 std::mt19937_64& rng, const MakerOptions& options);

}  // namespace yunzi::problems
