#include "engine/sgf_tree.hpp"

#include <utility>

namespace yunzi::engine {

const SgfProperty* SgfNode::find(std::string_view id) const {
  for (const auto& property : properties) {
    if (property.id == id) return &property;
  }
  return nullptr;
}

SgfProperty* SgfNode::find(std::string_view id) {
  for (auto& property : properties) {
    if (property.id == id) return &property;
  }
  return nullptr;
}

SgfProperty& SgfNode::get_or_add(std::string_view id) {
  if (auto* existing = find(id)) return *existing;
  properties.push_back(SgfProperty{std::string(id), {}, {}});
  return properties.back();
}

std::size_t SgfTree::add_node(std::size_t offset) {
  nodes.emplace_back();
  nodes.back().offset = offset;
  return nodes.size() - 1;
}

std::size_t SgfTree::add_child(std::size_t parent, std::size_t offset) {
  const std::size_t child = add_node(offset);
  nodes[parent].children.push_back(child);
  return child;
}

std::size_t SgfTree::copy_subtree(const SgfTree& source, std::size_t source_node) {
  const std::size_t top = add_node(source.nodes[source_node].offset);
  nodes[top].properties = source.nodes[source_node].properties;
  // Pairs of (node in source, its copy here) whose children still need copying.
  std::vector<std::pair<std::size_t, std::size_t>> pending{{source_node, top}};
  while (!pending.empty()) {
    const auto [from, to] = pending.back();
    pending.pop_back();
    for (const std::size_t child : source.nodes[from].children) {
      const std::size_t copy = add_child(to, source.nodes[child].offset);
      nodes[copy].properties = source.nodes[child].properties;
      pending.emplace_back(child, copy);
    }
  }
  return top;
}

}  // namespace yunzi::engine
