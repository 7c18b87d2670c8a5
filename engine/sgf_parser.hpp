// Reads SGF text (FF[1]..FF[4]) into an SgfTree. The parser is iterative, so
// deep variation nesting cannot exhaust the stack, and bounded by SgfLimits.
// It skips junk before the first "(;" (mail headers, web pages), accepts the
// FF[3] long property names ("AddBlack" is AB), decodes every value to UTF-8
// (CA[] when given; otherwise UTF-8 when the bytes are valid UTF-8, else
// GB18030 and, failing that, ISO-8859-1) and reports any fault as an
// SgfError with the byte offset where it was found.
#pragma once

#include <cstddef>
#include <string_view>

#include "core/expected.hpp"
#include "engine/sgf_tree.hpp"

namespace yunzi::engine {

struct SgfLimits {
  std::size_t max_input_bytes = 16 * 1024 * 1024;
  std::size_t max_depth = 1000;  // nested "(" inside one game tree
  std::size_t max_nodes = 1'000'000;
  std::size_t max_properties_per_node = 1000;
  std::size_t max_values_per_property = 4096;
  std::size_t max_value_bytes = 1024 * 1024;
  std::size_t max_identifier_bytes = 32;  // long FF[3] names included
};

Expected<SgfTree, SgfError> parse_sgf(std::string_view text, const SgfLimits& limits = {});

}  // namespace yunzi::engine
