#include "server/problems/problem_service.hpp"

#include <utility>

#include "server/problems/line_text.hpp"
#include "tsumego/problem.hpp"

namespace yunzi::problems {
namespace {

// Problems whose solver stays warm: the day's problem and a few others being played at once.
constexpr std::size_t known_problems = 8;

Refused refused(const tsumego::StepRefusal& refusal) {
  switch (refusal.error) {
    case tsumego::StepError::illegal: return Refused{Refusal::illegal, refusal.message};
    case tsumego::StepError::over: return Refused{Refusal::over, refusal.message};
    case tsumego::StepError::too_hard: break;
  }
  return Refused{Refusal::too_hard, refusal.message};
}

const Refused unreadable{Refusal::unreadable, "the stored problem or its line could not be read"};

}  // namespace

ProblemService::ProblemService(SolverOptions options)
    : options_(options), queue_(options.queue_limit, options.per_user) {}

ProblemService::~ProblemService() { queue_.stop(); }

ProblemService::Known* ProblemService::known(const StoredProblem& stored) {
  for (auto it = known_.begin(); it != known_.end(); ++it) {
    if (it->id == stored.id) {
      known_.splice(known_.begin(), known_, it);
      return &known_.front();
    }
  }
  auto read = tsumego::read_problems(stored.sgf);
  if (!read || read->problems.size() != 1 || !read->problems.front()) return nullptr;
  known_.push_front(Known{stored.id, std::move(*read->problems.front()),
                          tsumego::LifeSolver(tsumego::SolverLimits{options_.node_budget})});
  if (known_.size() > known_problems) known_.pop_back();
  return &known_.front();
}

bool ProblemService::judge(UserId user, StoredProblem problem, std::vector<std::string> line, std::string move,
                           std::function<void(Judged)> done) {
  return queue_.submit(user, [this, problem = std::move(problem), line = std::move(line), move = std::move(move),
                              done = std::move(done)] {
    Known* k = known(problem);
    const auto plays = k ? parse_line(line, k->problem.size) : std::nullopt;
    const auto play = k ? parse_play(move, k->problem.size) : std::nullopt;
    if (!plays) return done(unexpected(unreadable));
    if (!play) return done(unexpected(Refused{Refusal::illegal, "off_board: " + move}));
    auto step = tsumego::judge_move(k->problem, *plays, *play, k->solver);
    if (!step) return done(unexpected(refused(step.error())));
    JudgedMove out{step->outcome, std::nullopt, step->comment, line, step->judged_by_solver};
    out.line.push_back(move);
    if (step->reply) {
      out.reply = play_text(*step->reply, k->problem.size);
      out.line.push_back(*out.reply);
    }
    done(std::move(out));
  });
}

bool ProblemService::hint(UserId user, StoredProblem problem, std::vector<std::string> line,
                          std::function<void(Hinted)> done) {
  return queue_.submit(user, [this, problem = std::move(problem), line = std::move(line), done = std::move(done)] {
    Known* k = known(problem);
    const auto plays = k ? parse_line(line, k->problem.size) : std::nullopt;
    if (!plays) return done(unexpected(unreadable));
    const auto next = tsumego::hint(k->problem, *plays, k->solver);
    done(next ? std::optional<std::string>(play_text(*next, k->problem.size)) : std::nullopt);
  });
}

bool ProblemService::verify(UserId user, tsumego::Problem problem,
                            std::function<void(tsumego::Problem, tsumego::Verification)> done) {
  return queue_.submit(user, [problem = std::move(problem), done = std::move(done)]() mutable {
    tsumego::Verification verification = tsumego::verify(problem);
    done(std::move(problem), std::move(verification));
  });
}

}  // namespace yunzi::problems
