// Checking a problem with the solver before it joins the library: the goal is reachable, the tree's right first
// moves are best moves, its wrong moves are refuted, and a problem that states no goal or target gets them
// worked out. Rejected problems say why; accepted ones may carry flags (several right first moves, an answer tree
// that does not cover a best move).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/rank.hpp"
#include "tsumego/life_and_death.hpp"
#include "tsumego/problem.hpp"

namespace yunzi::tsumego {

struct Verification {
  bool accepted = false;
  std::vector<std::string> rejections;  // why not accepted, one sentence each
  std::vector<std::string> flags;       // accepted, but worth a look
  Status status = Status::unknown;      // the target's fate with the side to move first
  std::vector<Play> first_moves;        // every first move that reaches the goal
  std::uint64_t nodes = 0;              // positions the solver visited
  Rank grade = Rank::kyu(10);           // the problem's grade, or one estimated from the proof's size
};

// Fills the problem's goal, target and region when it stated none.
Verification verify(Problem& problem, const SolverLimits& limits = {});

}  // namespace yunzi::tsumego
