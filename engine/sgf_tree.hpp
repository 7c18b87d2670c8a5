// The SGF tree: a collection of game trees held in one flat arena of nodes
// (children by index, so no recursion is needed to build, walk or destroy a
// deep record), each node a list of properties, each property an identifier
// and its values. Values are unescaped UTF-8 text; offsets point back into
// the bytes they were read from so later checks can say where a fault lies.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace yunzi::engine {

// Where and why SGF text could not be read (or a record could not be played).
struct SgfError {
  std::size_t offset = 0;  // byte offset into the input text
  std::string reason;
  int move_number = 0;  // the move that failed to play, 0 when not about a move
};

struct SgfProperty {
  std::string id;                    // upper-case letters only ("AB", never "AddBlack")
  std::vector<std::string> values;   // unescaped, UTF-8, line breaks as '\n'
  std::vector<std::size_t> offsets;  // byte offset of each value's first byte; empty when built in code

  std::size_t offset_of(std::size_t value_index) const {
    return value_index < offsets.size() ? offsets[value_index] : 0;
  }
  friend bool operator==(const SgfProperty& a, const SgfProperty& b) { return a.id == b.id && a.values == b.values; }
};

struct SgfNode {
  std::vector<SgfProperty> properties;
  std::vector<std::size_t> children;  // indices into SgfTree::nodes; the first is the main line
  std::size_t offset = 0;             // byte offset of the node's ';'

  const SgfProperty* find(std::string_view id) const;
  SgfProperty* find(std::string_view id);
  // The property with this identifier, created empty at the end when missing.
  SgfProperty& get_or_add(std::string_view id);
};

struct SgfTree {
  std::vector<SgfNode> nodes;
  std::vector<std::size_t> roots;  // one per game tree of the collection (or per variation)
  std::string source_charset;      // the character set the bytes were decoded from

  std::size_t add_node(std::size_t offset = 0);
  // Adds a node as the last child of `parent`.
  std::size_t add_child(std::size_t parent, std::size_t offset = 0);
  // Copies the subtree under `source_node` of another tree `source` into this
  // one and returns the copy's index (iteratively: depth is not bounded by
  // the stack).
  std::size_t copy_subtree(const SgfTree& source, std::size_t source_node);
};

}  // namespace yunzi::engine
