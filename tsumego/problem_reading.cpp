#include <algorithm>
#include <string>
#include <utility>

#include "engine/sgf_parser.hpp"
#include "engine/sgf_tree.hpp"
#include "engine/sgf_values.hpp"
#include "tsumego/problem.hpp"
#include "tsumego/problem_sgf.hpp"

namespace yunzi::tsumego {

namespace {

using engine::SgfNode;
using engine::SgfProperty;
using engine::SgfTree;
using engine::Vertex;

struct Fault {
  std::size_t offset = 0;
  std::string reason;
};

Unexpected<Fault> fault_at(const SgfProperty& property, std::size_t value_index, std::string reason) {
  return unexpected(Fault{property.offset_of(value_index), std::move(reason)});
}

const std::string& first_value(const SgfProperty& property) {
  static const std::string empty;
  return property.values.empty() ? empty : property.values.front();
}

std::string quoted(const SgfProperty& property) { return property.id + "[" + first_value(property) + "]"; }

std::string_view trimmed(std::string_view text) {
  const auto is_space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  return text;
}

bool is_setup_property(const std::string& id) { return id == "AB" || id == "AW" || id == "AE"; }
bool is_move_property(const std::string& id) { return id == "B" || id == "W"; }

Expected<Done, Fault> check_text_length(const SgfProperty& property, std::size_t limit, const char* what) {
  if (first_value(property).size() > limit) {
    return fault_at(property, 0, std::string(what) + " longer than " + std::to_string(limit) + " bytes");
  }
  return Done{};
}

Expected<Done, Fault> append_points(const SgfProperty& property, int size, std::vector<Vertex>& out) {
  for (std::size_t i = 0; i < property.values.size(); ++i) {
    if (!engine::append_sgf_points(property.values[i], size, out)) {
      return fault_at(property, i, "bad point " + property.id + "[" + property.values[i] + "]");
    }
  }
  return Done{};
}

// The first occurrence of each point, without those cleared by AE.
std::vector<Vertex> tidied(const std::vector<Vertex>& points, const std::vector<Vertex>& cleared) {
  std::vector<Vertex> kept;
  for (const Vertex v : points) {
    if (std::find(kept.begin(), kept.end(), v) == kept.end() &&
        std::find(cleared.begin(), cleared.end(), v) == cleared.end()) {
      kept.push_back(v);
    }
  }
  return kept;
}

class ProblemReader {
 public:
  ProblemReader(const SgfTree& tree, std::size_t root, const ProblemLimits& limits)
      : tree_(tree), root_(tree.nodes[root]), limits_(limits) {}

  Expected<Problem, Fault> read() {
    problem_.tree.emplace_back();
    if (auto root = read_root(); !root) return unexpected(root.error());
    if (auto answers = read_answers(); !answers) return unexpected(answers.error());
    if (!to_move_stated_ && problem_.tree.size() > 1) problem_.to_move = problem_.tree[1].color;
    if (!goal_stated_) {
      problem_.goal = problem_sgf::goal_in_text(problem_.comment);
      if (!problem_.goal) problem_.goal = problem_sgf::goal_in_text(problem_.title);
    }
    return std::move(problem_);
  }

 private:
  Expected<Done, Fault> read_root() {
    if (const auto* game = root_.find("GM"); game && engine::parse_sgf_number(first_value(*game)) != 1) {
      return fault_at(*game, 0, "not a Go record: " + quoted(*game));
    }
    if (const auto* size = root_.find("SZ")) {
      const auto parsed = engine::parse_sgf_size(first_value(*size));
      if (!parsed) return fault_at(*size, 0, "unsupported board size " + quoted(*size));
      problem_.size = *parsed;
    }
    std::vector<Vertex> black, white, cleared;
    const SgfProperty* target = nullptr;
    for (const auto& property : root_.properties) {
      const std::string& id = property.id;
      Expected<Done, Fault> read = Done{};
      if (is_move_property(id)) {
        return fault_at(property, 0, "a move in the root node, which holds the problem's position");
      } else if (is_setup_property(id)) {
        read = append_points(property, problem_.size, id == "AB" ? black : id == "AW" ? white : cleared);
      } else if (id == "PL") {
        read = read_to_move(property);
      } else if (id == problem_sgf::goal_property) {
        read = read_goal(property);
      } else if (id == problem_sgf::target_property) {
        target = &property;
      } else if (id == "VW") {
        read = read_region(property);
      } else if (id == "GN") {
        read = check_text_length(property, limits_.max_title_bytes, "title");
        problem_.title = first_value(property);
      } else if (id == "C") {
        read = check_text_length(property, limits_.max_comment_bytes, "comment");
        problem_.comment = first_value(property);
      } else if (id == problem_sgf::themes_property) {
        read = read_themes(property);
      } else if (id == problem_sgf::grade_property) {
        read = read_grade(property);
      }
      if (!read) return read;
    }
    if (auto stones = place_stones(black, white, cleared); !stones) return stones;
    if (target) return read_target(*target);
    return Done{};
  }

  Expected<Done, Fault> read_to_move(const SgfProperty& property) {
    const auto color = parse_color(trimmed(first_value(property)));
    if (!color) return fault_at(property, 0, "bad side to move " + quoted(property));
    problem_.to_move = *color;
    to_move_stated_ = true;
    return Done{};
  }

  Expected<Done, Fault> read_goal(const SgfProperty& property) {
    goal_stated_ = true;
    const auto text = trimmed(first_value(property));
    if (text.empty()) return Done{};
    problem_.goal = parse_goal(text);
    if (!problem_.goal) return fault_at(property, 0, "unknown goal " + quoted(property));
    return Done{};
  }

  // VW[] alone (the whole board) leaves the region empty.
  Expected<Done, Fault> read_region(const SgfProperty& property) {
    for (std::size_t i = 0; i < property.values.size(); ++i) {
      if (trimmed(property.values[i]).empty()) continue;
      if (!engine::append_sgf_points(property.values[i], problem_.size, problem_.region)) {
        return fault_at(property, i, "bad point VW[" + property.values[i] + "]");
      }
    }
    return Done{};
  }

  Expected<Done, Fault> read_themes(const SgfProperty& property) {
    if (property.values.size() > limits_.max_themes) {
      return fault_at(property, limits_.max_themes, "more than " + std::to_string(limits_.max_themes) + " themes");
    }
    for (std::size_t i = 0; i < property.values.size(); ++i) {
      const auto theme = trimmed(property.values[i]);
      if (theme.empty() || theme.size() > problem_sgf::max_theme_bytes) {
        return fault_at(property, i,
                        "a theme must have 1 to " + std::to_string(problem_sgf::max_theme_bytes) + " bytes");
      }
      problem_.themes.emplace_back(theme);
    }
    return Done{};
  }

  Expected<Done, Fault> read_grade(const SgfProperty& property) {
    problem_.grade = parse_rank(trimmed(first_value(property)));
    if (!problem_.grade) return fault_at(property, 0, "bad grade " + quoted(property) + " (18k..9d)");
    return Done{};
  }

  Expected<Done, Fault> place_stones(const std::vector<Vertex>& black, const std::vector<Vertex>& white,
                                     const std::vector<Vertex>& cleared) {
    const auto black_kept = tidied(black, cleared);
    const auto white_kept = tidied(white, cleared);
    for (const Vertex v : black_kept) {
      if (std::find(white_kept.begin(), white_kept.end(), v) != white_kept.end()) {
        return unexpected(Fault{root_.offset, "a black and a white stone on " + engine::to_sgf(v)});
      }
      problem_.stones.push_back({v, Color::black});
    }
    for (const Vertex v : white_kept) problem_.stones.push_back({v, Color::white});
    return Done{};
  }

  Expected<Done, Fault> read_target(const SgfProperty& property) {
    const auto point = engine::parse_sgf_point(trimmed(first_value(property)), problem_.size);
    if (!point || property.values.size() != 1) return fault_at(property, 0, "bad target " + quoted(property));
    const bool holds_stone = std::any_of(problem_.stones.begin(), problem_.stones.end(),
                                         [&](const engine::SetupStone& stone) { return stone.vertex == *point; });
    if (!holds_stone) return fault_at(property, 0, "the target " + quoted(property) + " is an empty point");
    problem_.target = point;
    return Done{};
  }

  // Walks the game tree depth first without recursion. A node without a move is left out and its children join
  // the nearest node above it that has one.
  Expected<Done, Fault> read_answers() {
    struct Pending {
      std::size_t sgf_node;
      std::size_t parent;  // in problem_.tree
      std::size_t moves_above;
    };
    std::vector<Pending> pending;
    const auto push_children = [&](const SgfNode& node, std::size_t parent, std::size_t moves_above) {
      for (auto child = node.children.rbegin(); child != node.children.rend(); ++child) {
        pending.push_back({*child, parent, moves_above});
      }
    };
    push_children(root_, 0, 0);
    std::size_t nodes_seen = 1;
    while (!pending.empty()) {
      const Pending next = pending.back();
      pending.pop_back();
      const SgfNode& node = tree_.nodes[next.sgf_node];
      if (++nodes_seen > limits_.max_tree_nodes) {
        return unexpected(Fault{node.offset, "more than " + std::to_string(limits_.max_tree_nodes) + " nodes"});
      }
      AnswerNode answer;
      auto has_move = read_answer_node(node, answer);
      if (!has_move) return unexpected(has_move.error());
      if (!*has_move) {
        push_children(node, next.parent, next.moves_above);
        continue;
      }
      if (next.moves_above + 1 > limits_.max_line_moves) {
        return unexpected(
            Fault{node.offset, "a line longer than " + std::to_string(limits_.max_line_moves) + " moves"});
      }
      const std::size_t index = problem_.tree.size();
      problem_.tree.push_back(std::move(answer));
      problem_.tree[next.parent].children.push_back(index);
      push_children(node, index, next.moves_above + 1);
    }
    return Done{};
  }

  // Fills `answer` and says whether the node holds a move. (An optional node in the Expected made GCC 12 at -O1
  // warn that its vectors may be used uninitialised, a false alarm that -Werror turns fatal.)
  Expected<bool, Fault> read_answer_node(const SgfNode& node, AnswerNode& answer) {
    bool has_move = false;
    std::optional<Mark> stated_mark;
    bool tesuji = false;
    bool bad_move = false;
    for (const auto& property : node.properties) {
      const std::string& id = property.id;
      if (is_setup_property(id)) return fault_at(property, 0, "setup stones inside the answer tree");
      if (is_move_property(id)) {
        if (has_move) return fault_at(property, 0, "two moves in one node");
        if (property.values.size() != 1) return fault_at(property, 0, "a move takes one value");
        const auto move = engine::parse_sgf_move(property.values[0], problem_.size);
        if (!move.ok) {
          return fault_at(property, 0,
                          "move " + quoted(property) + " off the " + std::to_string(problem_.size) + "x" +
                              std::to_string(problem_.size) + " board");
        }
        has_move = true;
        answer.color = id == "B" ? Color::black : Color::white;
        answer.move = move.vertex;
      } else if (id == "C") {
        if (auto length = check_text_length(property, limits_.max_comment_bytes, "comment"); !length) {
          return unexpected(length.error());
        }
        answer.comment = first_value(property);
      } else if (id == problem_sgf::mark_property) {
        stated_mark = problem_sgf::parse_mark(trimmed(first_value(property)));
        if (!stated_mark) return fault_at(property, 0, "unknown mark " + quoted(property));
      } else if (id == "TE") {
        tesuji = true;
      } else if (id == "BM") {
        bad_move = true;
      }
    }
    if (!has_move) return false;
    if (stated_mark) {
      answer.mark = *stated_mark;
    } else if (bad_move || tesuji) {
      answer.mark = bad_move ? Mark::wrong : Mark::right;
    } else {
      answer.mark = problem_sgf::mark_in_comment(answer.comment);
    }
    return true;
  }

  const SgfTree& tree_;
  const SgfNode& root_;
  const ProblemLimits& limits_;
  Problem problem_;
  bool to_move_stated_ = false;
  bool goal_stated_ = false;
};

}  // namespace

Expected<ReadProblems, ProblemError> read_problems(std::string_view sgf_text, const ProblemLimits& limits) {
  auto tree = engine::parse_sgf(sgf_text);
  if (!tree) return unexpected(ProblemError{0, tree.error().offset, "not SGF: " + tree.error().reason});
  if (tree->roots.size() > limits.max_problems) {
    const std::size_t first_extra = tree->roots[limits.max_problems];
    return unexpected(ProblemError{limits.max_problems, tree->nodes[first_extra].offset,
                                   "more than " + std::to_string(limits.max_problems) + " problems"});
  }
  ReadProblems out;
  for (std::size_t index = 0; index < tree->roots.size(); ++index) {
    auto problem = ProblemReader(*tree, tree->roots[index], limits).read();
    if (problem) {
      out.problems.emplace_back(std::move(*problem));
    } else {
      out.problems.emplace_back(unexpected(ProblemError{index, problem.error().offset, problem.error().reason}));
    }
  }
  return out;
}

}  // namespace yunzi::tsumego
