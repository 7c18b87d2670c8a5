#include "tsumego/verification.hpp"

#include <algorithm>
#include <bit>

#include "tsumego/answer_tree.hpp"
#include "tsumego/line_position.hpp"

namespace yunzi::tsumego {

using engine::Color;
using engine::Vertex;

namespace {

std::string spelled(const Problem& problem, const Play& move) { return engine::to_gtp(move, problem.size); }

std::string spelled(const Problem& problem, const std::vector<Play>& moves) {
  std::string out;
  for (const Play& move : moves) out += (out.empty() ? "" : ", ") + spelled(problem, move);
  return out;
}

// The most points a problem's region may hold: every question's search grows with it.
constexpr std::size_t largest_region = 120;
// Positions one problem's whole check may cost, in questions' worth: a tree of many lines must not hold the
// solver's thread for long.
constexpr std::uint64_t questions_per_check = 8;

// The chains a problem without a stated target might be about, largest first, at most eight.
std::vector<Vertex> chains_to_try(const Problem& problem, const engine::Board& board) {
  std::vector<std::pair<int, Vertex>> found;
  std::vector<bool> seen(static_cast<std::size_t>(engine::Board::max_points), false);
  for (const engine::SetupStone& stone : problem.stones) {
    if (seen[static_cast<std::size_t>(board.index_of(stone.vertex))]) continue;
    for (Vertex v : board.chain(stone.vertex)) seen[static_cast<std::size_t>(board.index_of(v))] = true;
    const bool players = stone.color == problem.to_move;
    const bool wanted =
        !problem.goal || *problem.goal == Goal::ko || (*problem.goal == Goal::live ? players : !players);
    if (wanted) found.emplace_back(-board.chain_size(stone.vertex), stone.vertex);
  }
  std::stable_sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<Vertex> out;
  for (const auto& [size, v] : found) {
    if (out.size() == 8) break;
    out.push_back(v);
  }
  return out;
}

bool needs_a_move(const LifeAnswer& answer) {
  return !answer.best_moves.empty() &&
         std::find(answer.best_moves.begin(), answer.best_moves.end(), Play{}) == answer.best_moves.end();
}

// Works out the target (and the goal, when not stated): the first chain, largest first, whose fate the side to
// move decides with a move.
bool find_target(Problem& problem, const engine::Game& start, const std::vector<Vertex>& region, LifeSolver& solver,
                 Verification& out) {
  for (Vertex candidate : chains_to_try(problem, start.board())) {
    if (out.nodes > questions_per_check * solver.limits().node_budget) return false;
    Problem trial = problem;
    trial.target = candidate;
    const bool players = start.board().color_at(candidate) == problem.to_move;
    if (!trial.goal) trial.goal = players ? Goal::live : Goal::kill;
    const LifeAnswer answer = solver.solve(question_at(trial, start, problem.to_move, region));
    out.nodes += answer.nodes;
    if (meets(trial, answer.status) && needs_a_move(answer)) {
      problem = std::move(trial);
      return true;
    }
  }
  return false;
}

Rank grade_from(std::uint64_t nodes) {
  // A first guess only: every doubling of the proof past 256 positions is a rank; ratings correct it.
  const int steps = nodes <= 256 ? 0 : std::bit_width(nodes / 256) - 1;
  return *Rank::from_index(std::clamp(Rank::lowest_index + steps, Rank::lowest_index, Rank::first_dan_index + 3));
}

class TreeCheck {
 public:
  TreeCheck(const Problem& problem, const std::vector<Vertex>& region, LifeSolver& solver, Verification& out)
      : problem_(problem), tree_(problem), region_(region), solver_(solver), out_(out) {}

  void run(const engine::Game& start) {
    if (problem_.tree.empty()) return;
    std::vector<std::pair<std::size_t, engine::Game>> stack{{0, start}};
    while (!stack.empty()) {
      auto [at, game] = std::move(stack.back());
      stack.pop_back();
      for (const std::size_t child : problem_.tree[at].children) {
        engine::Game next = game;
        if (!check_move(at, child, next)) continue;
        stack.emplace_back(child, std::move(next));
      }
    }
  }

 private:
  Status status_after(const engine::Game& game) {
    if (out_.nodes > questions_per_check * solver_.limits().node_budget) {
      if (!over_budget_) {
        out_.rejections.push_back("the solver could not check the whole answer tree within " +
                                  std::to_string(questions_per_check * solver_.limits().node_budget) + " positions");
      }
      over_budget_ = true;
      return Status::unknown;
    }
    const LifeAnswer answer = solver_.status(question_at(problem_, game, game.to_move(), region_));
    out_.nodes += answer.nodes;
    return answer.status;
  }

  bool check_move(std::size_t parent, std::size_t child, engine::Game& game) {
    const AnswerNode& node = problem_.tree[child];
    const std::string where = spelled(problem_, node.move);
    if (node.color != game.to_move()) {
      out_.rejections.push_back("the answer tree's move " + where + " is not the turn of its colour");
      return false;
    }
    if (auto played = play_on(game, node.move, 0); !played) {
      out_.rejections.push_back("the answer tree's move " + where + " breaks the rules: " + played.error().reason);
      return false;
    }
    const bool players_move = node.color == problem_.to_move;
    if (players_move) {
      check_players_move(where, tree_.is_right(child), status_after(game));
    } else if (!tree_.is_right(parent)) {
      const Status status = status_after(game);
      if (meets(problem_, status)) {
        out_.rejections.push_back("the refutation " + where + " does not work: the goal is still reachable");
      }
    }
    return true;
  }

  void check_players_move(const std::string& where, bool right, Status status) {
    if (over_budget_) return;
    if (status == Status::unknown) {
      out_.rejections.push_back("the solver could not judge the answer tree's move " + where);
    } else if (right && !meets(problem_, status)) {
      out_.rejections.push_back("the answer tree's right move " + where +
                                " does not reach the goal: the group is then " + std::string(to_string(status)));
    } else if (!right && meets(problem_, status)) {
      out_.rejections.push_back("the answer tree calls " + where + " wrong, but it reaches the goal");
    }
  }

  const Problem& problem_;
  AnswerTree tree_;
  const std::vector<Vertex>& region_;
  LifeSolver& solver_;
  Verification& out_;
  bool over_budget_ = false;
};

void check_first_moves(const Problem& problem, Verification& out) {
  if (out.first_moves.size() > 1) {
    out.flags.push_back(std::to_string(out.first_moves.size()) +
                        " right first moves: " + spelled(problem, out.first_moves));
  }
  const AnswerTree tree(problem);
  if (tree.empty()) {
    out.flags.push_back("no answer tree: the solver judges every move");
    return;
  }
  const std::vector<Play> in_tree = tree.right_first_moves();
  for (const Play& move : out.first_moves) {
    if (std::find(in_tree.begin(), in_tree.end(), move) == in_tree.end()) {
      out.flags.push_back("the answer tree misses the right first move " + spelled(problem, move) +
                          " (the solver judges it)");
    }
  }
}

bool better_than_ko(const Problem& problem, Status status) {
  return player_owns_target(problem) ? (status == Status::alive || status == Status::seki) : status == Status::dead;
}

}  // namespace

Verification verify(Problem& problem, const SolverLimits& limits) {
  Verification out;
  auto start = replay(problem, {});
  if (!start) {
    out.rejections.push_back("the position breaks the rules: " + start.error().reason);
    return out;
  }
  const std::vector<Vertex> region = problem_region(problem);
  if (region.size() > largest_region) {
    out.rejections.push_back("the problem's area holds " + std::to_string(region.size()) + " points, more than " +
                             std::to_string(largest_region) + ": state a smaller one with VW");
    return out;
  }
  LifeSolver solver(limits);
  if (problem.target && !start->board().color_at(*problem.target)) {
    out.rejections.push_back("the target " + engine::to_gtp(*problem.target, problem.size) + " holds no stone");
    return out;
  }
  if ((!problem.target || !problem.goal) && !find_target(problem, *start, region, solver, out)) {
    out.rejections.push_back("no group here is decided by the side to move's first move");
    return out;
  }

  const LifeAnswer root = solver.solve(question_at(problem, *start, problem.to_move, region));
  out.nodes += root.nodes;
  out.status = root.status;
  out.first_moves = root.best_moves;
  out.grade = problem.grade.value_or(grade_from(root.nodes));
  if (root.status == Status::unknown) {
    out.rejections.push_back("the solver could not settle the problem within " + std::to_string(limits.node_budget) +
                             " positions");
    return out;
  }
  if (!meets(problem, root.status)) {
    out.rejections.push_back("the goal is not reachable: the solver finds the group " +
                             std::string(root.status == Status::alive ? "lives" : to_string(root.status)));
    return out;
  }
  if (*problem.goal == Goal::ko && better_than_ko(problem, root.status)) {
    out.rejections.push_back("the goal asks for a ko, but the group is " + std::string(to_string(root.status)) +
                             " without one");
    return out;
  }
  if (!root.every_move_judged) {
    out.rejections.push_back("the solver could not judge every first move within " +
                             std::to_string(limits.node_budget) + " positions");
    return out;
  }
  if (!needs_a_move(root)) {
    out.rejections.push_back("nothing to do: the goal holds without a move");
    return out;
  }
  check_first_moves(problem, out);
  TreeCheck(problem, region, solver, out).run(*start);
  out.accepted = out.rejections.empty();
  return out;
}

}  // namespace yunzi::tsumego
