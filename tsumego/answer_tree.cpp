#include "tsumego/answer_tree.hpp"

#include <algorithm>

namespace yunzi::tsumego {

AnswerTree::AnswerTree(const Problem& problem) : problem_(&problem), right_(problem.tree.size(), false) {
  const std::vector<AnswerNode>& tree = problem.tree;
  if (tree.empty()) return;
  const bool marked = std::any_of(tree.begin(), tree.end(), [](const AnswerNode& n) { return n.mark != Mark::none; });
  if (!marked) {
    for (std::size_t at = 0;; at = tree[at].children.front()) {
      right_[at] = true;
      if (tree[at].children.empty()) break;
    }
    return;
  }
  // Children come after their parents, so one pass from the end sees every child first.
  for (std::size_t i = tree.size(); i-- > 0;) {
    const AnswerNode& n = tree[i];
    if (n.mark == Mark::wrong) continue;
    right_[i] = n.mark == Mark::right ||
                std::any_of(n.children.begin(), n.children.end(), [&](std::size_t c) { return right_[c]; });
  }
}

std::optional<std::size_t> AnswerTree::child(std::size_t node, const Play& move) const {
  for (const std::size_t c : problem_->tree[node].children) {
    if (problem_->tree[c].move == move) return c;
  }
  return std::nullopt;
}

std::vector<Play> AnswerTree::right_first_moves() const {
  std::vector<Play> out;
  if (problem_->tree.empty()) return out;
  for (const std::size_t c : problem_->tree.front().children) {
    if (right_[c]) out.push_back(problem_->tree[c].move);
  }
  return out;
}

std::optional<std::size_t> AnswerTree::follow(const std::vector<Play>& line) const {
  if (problem_->tree.empty()) return std::nullopt;
  std::size_t at = 0;
  for (const Play& move : line) {
    const std::optional<std::size_t> next = child(at, move);
    if (!next) return std::nullopt;
    at = *next;
  }
  return at;
}

}  // namespace yunzi::tsumego
