// The spelling of ranks, shared by every layer that reads or writes one:
// index 1 = 18k ... 18 = 1k, 19 = 1d ... 27 = 9d.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace yunzi::engine {

inline constexpr int rank_index_18k = 1;
inline constexpr int rank_index_9d = 27;

// "5k", "3d" (lower case); empty for an index outside 1..27.
std::string rank_spelling(int index);
// "18k".."1k", "1d".."9d" with the unit in either case; no sign, no leading
// zero, no spaces.
std::optional<int> parse_rank_spelling(std::string_view text);

}  // namespace yunzi::engine
