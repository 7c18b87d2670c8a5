#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

#include "tsumego/answer_tree.hpp"
#include "tsumego/line_position.hpp"
#include "tsumego/verification.hpp"

using namespace yunzi;
using namespace yunzi::tsumego;

namespace {

std::vector<Problem> starter_library() {
  std::ifstream in("tsumego/library/starter.sgf", std::ios::binary);
  REQUIRE(in);
  std::ostringstream text;
  text << in.rdbuf();
  auto read = read_problems(text.str());
  REQUIRE(read.has_value());
  std::vector<Problem> out;
  for (auto& problem : read->problems) {
    INFO((problem.has_value() ? "" : problem.error().reason));
    REQUIRE(problem.has_value());
    out.push_back(std::move(problem).value());
  }
  return out;
}

// The right line the tree holds from its first right move, always taking the first right child.
std::vector<Play> right_line(const Problem& problem) {
  const AnswerTree tree(problem);
  std::vector<Play> line;
  std::size_t at = 0;
  for (bool found = true; found;) {
    found = false;
    for (const std::size_t child : problem.tree[at].children) {
      if (!tree.is_right(child)) continue;
      line.push_back(problem.tree[child].move);
      at = child;
      found = true;
      break;
    }
  }
  return line;
}

}  // namespace

TEST_CASE("the starter library: at least 300 problems, each complete, graded and tagged", "[tsumego][library]") {
  const std::vector<Problem> library = starter_library();
  CHECK(library.size() >= 300);
  std::set<std::string> titles;
  std::set<int> grades;
  std::set<std::string> themes;
  std::set<Goal> goals;
  for (const Problem& problem : library) {
    INFO(problem.title);
    CHECK(titles.insert(problem.title).second);
    REQUIRE(problem.goal);
    REQUIRE(problem.target);
    REQUIRE(problem.grade);
    grades.insert(problem.grade->index());
    CHECK_FALSE(problem.themes.empty());
    themes.insert(problem.themes.begin(), problem.themes.end());
    goals.insert(*problem.goal);
    // Every problem has a right line, legal all through.
    const std::vector<Play> line = right_line(problem);
    CHECK_FALSE(line.empty());
    CHECK(replay(problem, line).has_value());
  }
  // Every goal and the kinds of problem the library teaches.
  CHECK(goals == std::set<Goal>{Goal::live, Goal::kill, Goal::ko, Goal::capture});
  for (const char* theme : {"corner", "side", "eye shape", "second line", "corner shape", "throw-in", "capture", "ko",
                            "snapback", "net", "ladder", "from a game"}) {
    INFO(theme);
    CHECK(themes.contains(theme));
  }
  // Graded across the whole ladder, 18k to 9d.
  CHECK(grades.contains(Rank::lowest_index));
  CHECK(grades.contains(Rank::highest_index));
}

TEST_CASE("the starter library: the solver accepts its problems as they are", "[tsumego][library]") {
  const std::vector<Problem> library = starter_library();
  // Every problem under an optimised build; a fixed share of them in the sanitizer trees, which run many times
  // slower (tests/README.md, "Build times").
#if defined(__OPTIMIZE__) && !defined(__SANITIZE_ADDRESS__)
  constexpr std::size_t stride = 1;
#else
  constexpr std::size_t stride = 5;
#endif
  for (std::size_t i = 0; i < library.size(); i += stride) {
    Problem problem = library[i];
    const Verification verdict = verify(problem);
    INFO(problem.title << ": " << (verdict.rejections.empty() ? "" : verdict.rejections.front()));
    CHECK(verdict.accepted);
    // One right first move, but for the named corner shapes, taught as they stand: up to three, each with its own
    // right line in the tree.
    const bool corner_shape =
        std::find(problem.themes.begin(), problem.themes.end(), "corner shape") != problem.themes.end();
    if (corner_shape) {
      CHECK(verdict.first_moves.size() <= 3);
      const std::vector<Play> right_in_tree = AnswerTree(problem).right_first_moves();
      CHECK(std::set<Play>(right_in_tree.begin(), right_in_tree.end()) ==
            std::set<Play>(verdict.first_moves.begin(), verdict.first_moves.end()));
    } else {
      CHECK(verdict.first_moves.size() == 1);
    }
    CHECK(problem == library[i]);
  }
}
