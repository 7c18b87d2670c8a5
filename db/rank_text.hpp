// Rank indexes (as stored) and their spellings: 18k = 1 ... 1k = 18,
// 1d = 19 ... 9d = 27.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace yunzi::db {

inline constexpr int lowest_rank = 1;   // 18k
inline constexpr int highest_rank = 27;  // 9d

// "5k", "3d"; an empty string for an index outside the table.
std::string rank_text(int rank);
// Exactly "18k".."1k", "1d".."9d" (lower case, no spaces).
std::optional<int> parse_rank(std::string_view text);

}  // namespace yunzi::db
