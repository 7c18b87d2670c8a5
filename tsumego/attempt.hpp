// One attempt at a problem, judged move by move: a player's move is looked up in the answer tree (right or wrong
// lines, and the opponent's answer); a move the tree does not hold is judged by the solver, never called wrong
// for being missing. Nothing is kept between calls: the line so far comes with each move.
#pragma once

#include <string>
#include <vector>

#include "core/expected.hpp"
#include "tsumego/life_and_death.hpp"
#include "tsumego/problem.hpp"

namespace yunzi::tsumego {

enum class Outcome : std::uint8_t { going_on, solved, failed };
std::string_view to_string(Outcome outcome);  // "continue" / "solved" / "failed"

struct Step {
  Outcome outcome = Outcome::going_on;
  // The opponent's answer, already played on the line: while going on, and when failed (the refutation).
  std::optional<Play> reply;
  std::string comment;  // the tree's comment on the move or the answer, if any
  bool judged_by_solver = false;
};

enum class StepError : std::uint8_t { illegal, over, too_hard };
// illegal: the move breaks the rules here (the message names the engine's reason); over: the line already ended;
// too_hard: the solver could not judge the move within its budget.
struct StepRefusal {
  StepError error = StepError::illegal;
  std::string message;
};

// `line`: the moves played so far, the player's and the answers alternating from the problem's side to move.
Expected<Step, StepRefusal> judge_move(const Problem& problem, const std::vector<Play>& line, Play move,
                                       LifeSolver& solver);
// A right next move for the player after `line`, from the tree or the solver; nullopt when there is none.
std::optional<Play> hint(const Problem& problem, const std::vector<Play>& line, LifeSolver& solver);

}  // namespace yunzi::tsumego
