#include "server/problems/library_forms.hpp"

#include <algorithm>
#include <cmath>

#include "engine/types.hpp"

namespace yunzi::problems {

std::string view_of(const tsumego::Problem& problem) {
  std::vector<engine::Vertex> points = problem.region;
  for (const engine::SetupStone& stone : problem.stones) points.push_back(stone.vertex);
  if (points.empty())
    return engine::to_gtp({0, 0}, problem.size) + " " +
           engine::to_gtp({problem.size - 1, problem.size - 1}, problem.size);
  int left = problem.size;
  int top = problem.size;
  int right = 0;
  int bottom = 0;
  for (const engine::Vertex& v : points) {
    left = std::min(left, v.x);
    top = std::min(top, v.y);
    right = std::max(right, v.x);
    bottom = std::max(bottom, v.y);
  }
  const int last = problem.size - 1;
  const engine::Vertex first_corner{std::max(left - 1, 0), std::max(top - 1, 0)};
  const engine::Vertex second_corner{std::min(right + 1, last), std::min(bottom + 1, last)};
  return engine::to_gtp(first_corner, problem.size) + " " + engine::to_gtp(second_corner, problem.size);
}

db::NewProblem row_of(const tsumego::Problem& problem, Rank grade) {
  db::NewProblem row;
  row.title = problem.title;
  row.sgf = tsumego::write_problem(problem);
  row.goal = std::string(problem.goal ? tsumego::to_string(*problem.goal) : "");
  row.to_move = problem.to_move;
  row.grade = problem.grade.value_or(grade);
  row.view = view_of(problem);
  row.themes = problem.themes;
  return row;
}

protocol::ProblemSummary summary_of(const db::ProblemRecord& r) {
  return protocol::ProblemSummary{.id = r.id,
                                  .title = r.title,
                                  .goal = r.goal,
                                  .to_move = r.to_move,
                                  .grade = r.grade,
                                  .rating = static_cast<int>(std::lround(r.rating.rating)),
                                  .themes = r.themes,
                                  .solved = r.solved};
}

std::optional<protocol::ProblemInfo> info_of(const db::ProblemRecord& record) {
  auto read = tsumego::read_problems(record.sgf);
  if (!read || read->problems.size() != 1 || !read->problems.front()) return std::nullopt;
  const tsumego::Problem& problem = *read->problems.front();
  protocol::ProblemInfo out;
  out.summary = summary_of(record);
  out.size = problem.size;
  for (const engine::SetupStone& stone : problem.stones) {
    (stone.color == Color::black ? out.black : out.white).push_back(engine::to_gtp(stone.vertex, problem.size));
  }
  const std::size_t space = record.view.find(' ');
  out.view = {record.view.substr(0, space), space == std::string::npos ? "" : record.view.substr(space + 1)};
  out.comment = problem.comment;
  out.deviation = static_cast<int>(std::lround(record.rating.deviation));
  return out;
}

protocol::AttemptInfo attempt_info(const db::AttemptRecord& attempt) {
  return protocol::AttemptInfo{.moves = attempt.moves,
                               .state = std::string(db::to_string(attempt.state)),
                               .rated = attempt.rated,
                               .hinted = attempt.hinted};
}

}  // namespace yunzi::problems
