#include "tsumego/problem.hpp"

#include <array>

namespace yunzi::tsumego {

namespace {

constexpr std::array<Goal, 4> goals{Goal::live, Goal::kill, Goal::ko, Goal::capture};

char lower_ascii(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

bool equal_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (lower_ascii(a[i]) != lower_ascii(b[i])) return false;
  }
  return true;
}

}  // namespace

std::string_view to_string(Goal goal) {
  switch (goal) {
    case Goal::live: return "live";
    case Goal::kill: return "kill";
    case Goal::ko: return "ko";
    case Goal::capture: return "capture";
  }
  return "live";
}

std::optional<Goal> parse_goal(std::string_view text) {
  for (const Goal goal : goals) {
    if (equal_ignoring_case(text, to_string(goal))) return goal;
  }
  return std::nullopt;
}

engine::Board board_of(const Problem& problem) {
  engine::Board board(problem.size);
  // A stone a problem built in code puts off the board or on another is left out; read problems have neither.
  for (const auto& stone : problem.stones) (void)board.add_stone(stone.color, stone.vertex);
  return board;
}

}  // namespace yunzi::tsumego
