// What the problem requests ask of the solver, run on its own thread
// (SolverQueue): a player's move judged, a hint, an imported problem
// verified. The stored problem is read again from its SGF text there, and
// the last few problems asked about keep their parsed form and their solver,
// which remembers what it proved: the players of the day's problem ask the
// same questions. Answers are handed to `done` on the solver thread; callers
// post them on to where they belong.
#pragma once

#include <cstdint>
#include <functional>
#include <list>
#include <optional>
#include <string>
#include <vector>

#include "core/expected.hpp"
#include "core/ids.hpp"
#include "server/problems/solver_queue.hpp"
#include "tsumego/attempt.hpp"
#include "tsumego/verification.hpp"

namespace yunzi::problems {

struct SolverOptions {
  std::size_t queue_limit = 16;         // jobs waiting for the solver; one more is refused
  std::size_t per_user = 2;             // jobs one user may have waiting or running
  std::uint64_t node_budget = 300'000;  // positions the solver may visit for one move or hint
};

struct StoredProblem {
  ProblemId id = 0;
  std::string sgf;
};

enum class Refusal : std::uint8_t { illegal, over, too_hard, unreadable };
struct Refused {
  Refusal why = Refusal::illegal;
  std::string message;
};

struct JudgedMove {
  tsumego::Outcome outcome = tsumego::Outcome::going_on;
  std::optional<std::string> reply;  // the answer already played, as GTP text
  std::string comment;
  std::vector<std::string> line;  // the whole line after the move and its answer
  bool judged_by_solver = false;
};

using Judged = Expected<JudgedMove, Refused>;
using Hinted = Expected<std::optional<std::string>, Refused>;

class ProblemService {
 public:
  explicit ProblemService(SolverOptions options);
  ~ProblemService();
  ProblemService(const ProblemService&) = delete;
  ProblemService& operator=(const ProblemService&) = delete;

  // Each returns false, and runs nothing, when the solver's queue is full or `user` (who asks) has
  // `per_user` jobs in it already.
  bool judge(UserId user, StoredProblem problem, std::vector<std::string> line, std::string move,
             std::function<void(Judged)> done);
  bool hint(UserId user, StoredProblem problem, std::vector<std::string> line, std::function<void(Hinted)> done);
  // The problem as the verifier completed it (its goal, target and region worked out when not stated).
  bool verify(UserId user, tsumego::Problem problem, std::function<void(tsumego::Problem, tsumego::Verification)> done);
  // The job running finishes; the waiting ones are dropped.
  void stop() { queue_.stop(); }

 private:
  struct Known {
    ProblemId id = 0;
    tsumego::Problem problem;
    tsumego::LifeSolver solver;
  };
  // The problem's parsed form and solver (solver thread only), or nullptr for SGF text that does not read.
  Known* known(const StoredProblem& stored);

  SolverOptions options_;
  std::list<Known> known_;  // most recently asked first
  SolverQueue queue_;       // last: its thread stops before the rest goes
};

}  // namespace yunzi::problems
