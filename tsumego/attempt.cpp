#include "tsumego/attempt.hpp"

#include "tsumego/answer_tree.hpp"
#include "tsumego/line_position.hpp"
#include "tsumego/region.hpp"

namespace yunzi::tsumego {

using engine::Color;

std::string_view to_string(Outcome outcome) {
  switch (outcome) {
    case Outcome::going_on: return "continue";
    case Outcome::solved: return "solved";
    case Outcome::failed: break;
  }
  return "failed";
}

namespace {

// One move's questions to the solver. Their positions add up, and past a few questions' worth the move is too hard
// to judge: a player cannot make one move cost the solver's thread more than that.
struct Judging {
  const Problem& problem;
  LifeSolver& solver;
  std::vector<engine::Vertex> region;
  std::uint64_t spent = 0;

  static constexpr std::uint64_t questions_per_move = 4;

  bool over_budget() const { return spent > questions_per_move * solver.limits().node_budget; }

  LifeAnswer ask(const engine::Game& game, Color to_move, bool moves_too) {
    return ask(solver, game, to_move, moves_too);
  }

  LifeAnswer ask(LifeSolver& by, const engine::Game& game, Color to_move, bool moves_too) {
    const LifeQuestion question = question_at(problem, game, to_move, region);
    LifeAnswer answer = moves_too ? by.solve(question) : by.status(question);
    spent += answer.nodes;
    return answer;
  }
};

Expected<Step, StepRefusal> too_hard() {
  return unexpected(StepRefusal{StepError::too_hard, "the solver could not judge this move in time"});
}

// A move the tree does not hold. The goal is kept when the solver says so; the line is over when it would stay
// kept even if the player now let the opponent move twice, and otherwise the opponent answers with the move that
// threatens most (the one whose answer took the solver longest to find, from scratch).
Expected<Step, StepRefusal> judge_by_solver(Judging& judging, engine::Game& game) {
  const Color player = judging.problem.to_move;
  const Color opponent = engine::opponent(player);
  Step step;
  step.judged_by_solver = true;
  const LifeAnswer after = judging.ask(game, opponent, true);
  if (after.status == Status::unknown) return too_hard();
  if (!meets(judging.problem, after.status)) {
    step.outcome = Outcome::failed;
    for (const Play& refutation : after.best_moves) {
      if (!refutation) continue;
      if (play_on(game, refutation, 0)) step.reply = refutation;
      break;
    }
    return step;
  }
  std::optional<Play> threat;
  std::uint64_t hardest = 0;
  const std::vector<engine::Vertex> candidates = judging.region;
  for (const engine::Vertex v : candidates) {
    engine::Game tried = game;
    if (!tried.is_legal(opponent, v) || !play_on(tried, Play{v}, 0)) continue;
    const LifeAnswer twice = judging.ask(tried, opponent, false);
    if (twice.status == Status::unknown || judging.over_budget()) return too_hard();
    if (meets(judging.problem, twice.status)) continue;
    // Asked of a solver with empty tables: what earlier questions proved would make some answers look easy.
    LifeSolver fresh(judging.solver.limits());
    const LifeAnswer answered = judging.ask(fresh, tried, player, false);
    if (judging.over_budget()) return too_hard();
    if (!threat || answered.nodes > hardest) {
      threat = Play{v};
      hardest = answered.nodes;
    }
  }
  if (!threat) {
    step.outcome = Outcome::solved;
    return step;
  }
  play_on(game, *threat, 0);
  step.reply = threat;
  return step;
}

Expected<Step, StepRefusal> judge_by_tree(const AnswerTree& tree, std::size_t node, engine::Game& game) {
  Step step;
  step.comment = tree.node(node).comment;
  const std::vector<std::size_t>& replies = tree.node(node).children;
  if (!tree.is_right(node)) {
    step.outcome = Outcome::failed;
    if (!replies.empty() && play_on(game, tree.node(replies.front()).move, 0)) {
      step.reply = tree.node(replies.front()).move;
      if (step.comment.empty()) step.comment = tree.node(replies.front()).comment;
    }
    return step;
  }
  if (replies.empty()) {
    step.outcome = Outcome::solved;
    return step;
  }
  // The first answer that keeps the line right, so the player meets the tree's main resistance.
  std::size_t reply = replies.front();
  for (const std::size_t candidate : replies) {
    if (tree.is_right(candidate)) {
      reply = candidate;
      break;
    }
  }
  if (auto played = play_on(game, tree.node(reply).move, 0); !played) {
    return unexpected(StepRefusal{StepError::illegal, "the answer tree's reply breaks the rules"});
  }
  step.reply = tree.node(reply).move;
  if (!tree.node(reply).comment.empty()) step.comment = tree.node(reply).comment;
  // A right line may end on the opponent's move: nothing is left to do.
  step.outcome = tree.node(reply).children.empty() ? Outcome::solved : Outcome::going_on;
  return step;
}

}  // namespace

Expected<Step, StepRefusal> judge_move(const Problem& problem, const std::vector<Play>& line, Play move,
                                       LifeSolver& solver) {
  if (line.size() % 2 != 0) return unexpected(StepRefusal{StepError::over, "the line is over"});
  auto game = replay(problem, line);
  if (!game) return unexpected(StepRefusal{StepError::illegal, "the line so far breaks the rules"});
  if (auto played = play_on(*game, move, line.size()); !played) {
    return unexpected(StepRefusal{StepError::illegal, played.error().reason});
  }
  const AnswerTree tree(problem);
  std::vector<Play> with_move = line;
  with_move.push_back(move);
  if (const std::optional<std::size_t> node = tree.follow(with_move)) return judge_by_tree(tree, *node, *game);
  if (!problem.goal || !problem.target) return too_hard();
  Judging judging{problem, solver, problem_region(problem)};
  return judge_by_solver(judging, *game);
}

std::optional<Play> hint(const Problem& problem, const std::vector<Play>& line, LifeSolver& solver) {
  if (line.size() % 2 != 0) return std::nullopt;
  const AnswerTree tree(problem);
  if (const std::optional<std::size_t> node = tree.follow(line)) {
    for (const std::size_t child : tree.node(*node).children) {
      if (tree.is_right(child)) return tree.node(child).move;
    }
  }
  auto game = replay(problem, line);
  if (!game || !problem.target) return std::nullopt;
  Judging judging{problem, solver, problem_region(problem)};
  const LifeAnswer answer = judging.ask(*game, problem.to_move, true);
  if (!meets(problem, answer.status)) return std::nullopt;
  for (const Play& best : answer.best_moves) {
    if (best) return best;
  }
  return std::nullopt;
}

}  // namespace yunzi::tsumego
