// What the problem reader and writer agree on: the properties yunzi adds to SGF, and how a text is read for a
// goal or a mark (tsumego/README.md, "Problems in SGF").
#pragma once

#include <optional>
#include <string_view>

#include "tsumego/problem.hpp"

namespace yunzi::tsumego::problem_sgf {

inline constexpr std::string_view goal_property = "YG";    // YG[kill]; YG[] says "not stated"
inline constexpr std::string_view target_property = "YT";  // YT[cc]
inline constexpr std::string_view themes_property = "YH";  // YH[snapback][throw-in]
inline constexpr std::string_view grade_property = "YD";   // YD[5k]
inline constexpr std::string_view mark_property = "YM";    // YM[none]: unmarked whatever the comment says
inline constexpr std::size_t max_theme_bytes = 40;

std::string_view to_string(Mark mark);  // "none" / "right" / "wrong"
std::optional<Mark> parse_mark(std::string_view text);

// The goal a root comment or title states in English or Chinese ("Black to live", "黑先杀"); nullopt when none.
std::optional<Goal> goal_in_text(std::string_view text);
// The mark a node's comment gives its move ("RIGHT", "Wrong: White lives", "正解").
Mark mark_in_comment(std::string_view comment);

}  // namespace yunzi::tsumego::problem_sgf
