// How the marks of an answer tree are read: which moves are right and which wrong, and where a line stands.
// Collections mark lines in different ways (often only the last move of a right line says so), so a move is
// right when a right mark follows it on some line with no wrong mark before it; a tree without any mark is read
// the old way, its main line right and every variation wrong.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "tsumego/life_and_death.hpp"
#include "tsumego/problem.hpp"

namespace yunzi::tsumego {

class AnswerTree {
 public:
  explicit AnswerTree(const Problem& problem);

  bool is_right(std::size_t node) const { return right_[node]; }
  // The node the line leads to from the root, or nullopt once the line leaves the tree.
  std::optional<std::size_t> follow(const std::vector<Play>& line) const;
  // The child of `node` that plays `move`, if any.
  std::optional<std::size_t> child(std::size_t node, const Play& move) const;
  // The moves of the root's right children: the first moves the tree calls right.
  std::vector<Play> right_first_moves() const;
  const AnswerNode& node(std::size_t index) const { return problem_->tree[index]; }
  bool empty() const { return problem_->tree.size() <= 1; }

 private:
  const Problem* problem_;
  std::vector<bool> right_;
};

}  // namespace yunzi::tsumego
