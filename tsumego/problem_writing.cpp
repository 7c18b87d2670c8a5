#include <string>
#include <utility>
#include <vector>

#include "engine/sgf_tree.hpp"
#include "engine/sgf_writer.hpp"
#include "tsumego/problem.hpp"
#include "tsumego/problem_sgf.hpp"

namespace yunzi::tsumego {

namespace {

using engine::SgfNode;
using engine::SgfProperty;

void add(SgfNode& node, std::string_view id, std::string value) {
  node.properties.push_back(SgfProperty{std::string(id), {std::move(value)}, {}});
}

void add_text(SgfNode& node, std::string_view id, const std::string& text) {
  if (!text.empty()) add(node, id, text);
}

void add_list(SgfNode& node, std::string_view id, std::vector<std::string> values) {
  if (!values.empty()) node.properties.push_back(SgfProperty{std::string(id), std::move(values), {}});
}

std::vector<std::string> stones_of(const Problem& problem, Color color) {
  std::vector<std::string> points;
  for (const auto& stone : problem.stones) {
    if (stone.color == color) points.push_back(engine::to_sgf(stone.vertex));
  }
  return points;
}

void fill_root(SgfNode& root, const Problem& problem) {
  add(root, "GM", "1");
  add(root, "FF", "4");
  add(root, "CA", "UTF-8");
  add(root, "SZ", std::to_string(problem.size));
  add(root, "PL", std::string(1, to_letter(problem.to_move)));
  // YG[] when the goal is not stated, so that words in the comment are not read as one.
  add(root, problem_sgf::goal_property, problem.goal ? std::string(to_string(*problem.goal)) : std::string());
  add_list(root, "AB", stones_of(problem, Color::black));
  add_list(root, "AW", stones_of(problem, Color::white));
  add_text(root, "GN", problem.title);
  add_text(root, "C", problem.comment);
  std::vector<std::string> region;
  for (const auto v : problem.region) region.push_back(engine::to_sgf(v));
  add_list(root, "VW", std::move(region));
  if (problem.target) add(root, problem_sgf::target_property, engine::to_sgf(*problem.target));
  add_list(root, problem_sgf::themes_property, problem.themes);
  if (problem.grade) add(root, problem_sgf::grade_property, to_string(*problem.grade));
}

void fill_answer(SgfNode& out, const AnswerNode& node) {
  add(out, std::string(1, to_letter(node.color)), node.move ? engine::to_sgf(*node.move) : std::string());
  add_text(out, "C", node.comment);
  if (node.mark == Mark::right) add(out, "TE", "1");
  if (node.mark == Mark::wrong) add(out, "BM", "1");
  // Without it, a comment such as "Correct shape?" would read back as a mark the node does not have.
  if (node.mark == Mark::none && problem_sgf::mark_in_comment(node.comment) != Mark::none) {
    add(out, problem_sgf::mark_property, std::string(problem_sgf::to_string(Mark::none)));
  }
}

}  // namespace

std::string write_problem(const Problem& problem) {
  engine::SgfTree tree;
  const std::size_t root = tree.add_node();
  tree.roots.push_back(root);
  fill_root(tree.nodes[root], problem);
  // A node reached twice (a tree built by hand with a shared child or a cycle) is written once.
  std::vector<bool> written(problem.tree.size(), false);
  std::vector<std::pair<std::size_t, std::size_t>> pending;  // (index in problem.tree, parent in the SGF tree)
  const auto push_children = [&](std::size_t node, std::size_t sgf_parent) {
    const auto& children = problem.tree[node].children;
    for (auto child = children.rbegin(); child != children.rend(); ++child) {
      if (*child < problem.tree.size() && !written[*child]) pending.emplace_back(*child, sgf_parent);
    }
  };
  if (!problem.tree.empty()) {
    written[0] = true;
    push_children(0, root);
  }
  while (!pending.empty()) {
    const auto [node, sgf_parent] = pending.back();
    pending.pop_back();
    if (written[node]) continue;
    written[node] = true;
    const std::size_t sgf_node = tree.add_child(sgf_parent);
    fill_answer(tree.nodes[sgf_node], problem.tree[node]);
    push_children(node, sgf_node);
  }
  return engine::write_sgf(tree);
}

}  // namespace yunzi::tsumego
