// ASCII-only text helpers for the fixed spellings of the wire, the store and
// SGF (colours, ranks, rule names), which are never localised.
#pragma once

#include <cstddef>
#include <string_view>

namespace yunzi {

constexpr char ascii_lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

constexpr bool equals_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (ascii_lower(a[i]) != ascii_lower(b[i])) return false;
  }
  return true;
}

}  // namespace yunzi
