// A life-and-death problem: a position (stones, the side to move), a goal about one group, and an answer tree of
// right and wrong lines, read from and written to SGF (tsumego/README.md, "Problems in SGF").
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.hpp"
#include "core/rank.hpp"
#include "engine/game.hpp"
#include "engine/types.hpp"

namespace yunzi::tsumego {

// What the side to move must achieve. `capture`: take the target (the cutting stones); solved like `kill`.
enum class Goal : std::uint8_t { live, kill, ko, capture };
std::string_view to_string(Goal goal);  // "live" / "kill" / "ko" / "capture"
std::optional<Goal> parse_goal(std::string_view text);

// How a line of the answer tree is marked: right (reaches the goal), wrong (a refuted try), or unmarked.
enum class Mark : std::uint8_t { none, right, wrong };

struct AnswerNode {
  engine::Color color = engine::Color::black;
  std::optional<engine::Vertex> move;  // nullopt: a pass
  Mark mark = Mark::none;
  std::string comment;
  std::vector<std::size_t> children;  // indices into Problem::tree

  friend bool operator==(const AnswerNode&, const AnswerNode&) = default;
};

struct Problem {
  int size = 19;
  std::vector<engine::SetupStone> stones;  // as read: the black stones, then the white, each in the SGF's order
  engine::Color to_move = engine::Color::black;
  std::optional<Goal> goal;              // nullopt: not stated (the verifier works it out)
  std::optional<engine::Vertex> target;  // a stone of the group the goal is about; nullopt: not stated
  std::vector<engine::Vertex> region;    // where play happens; empty: the stones' bounding rectangle
  std::string title;
  std::string comment;  // the root's text
  std::vector<std::string> themes;
  std::optional<Rank> grade;
  // tree[0] is the root (no move); its children are the first moves. As read, the nodes are in the SGF's order
  // (depth first), so each child comes after its parent.
  std::vector<AnswerNode> tree;

  friend bool operator==(const Problem&, const Problem&) = default;
};

struct ProblemLimits {
  std::size_t max_tree_nodes = 2000;
  std::size_t max_line_moves = 60;  // moves on one line of the answer tree
  std::size_t max_comment_bytes = 2000;
  std::size_t max_title_bytes = 200;
  std::size_t max_themes = 8;
  std::size_t max_problems = 1000;  // game trees in one collection
};

struct ProblemError {
  std::size_t index = 0;   // which game tree of the collection (0-based)
  std::size_t offset = 0;  // byte offset in the SGF text where the fault was found
  std::string reason;

  friend bool operator==(const ProblemError&, const ProblemError&) = default;
};

// One entry per game tree of the collection, in order: the problem or why it could not be read.
struct ReadProblems {
  std::vector<Expected<Problem, ProblemError>> problems;
};
// Fails as a whole only when the text is not SGF at all, or over the limits.
Expected<ReadProblems, ProblemError> read_problems(std::string_view sgf_text, const ProblemLimits& limits = {});
// One game tree; read_problems gives it back equal.
std::string write_problem(const Problem& problem);

// The engine position the problem starts from (the stones placed, the side to move).
engine::Board board_of(const Problem& problem);

}  // namespace yunzi::tsumego
