#include "server/problems/starter_seeding.hpp"

#include "server/problems/library_forms.hpp"
#include "tsumego/problem.hpp"

namespace yunzi::problems {

StarterRows starter_rows(std::string_view sgf, TimeMs now_ms) {
  StarterRows out;
  auto read = tsumego::read_problems(sgf);
  if (!read) {
    out.skipped.push_back("the library does not read: " + read.error().reason);
    return out;
  }
  for (std::size_t i = 0; i < read->problems.size(); ++i) {
    const auto& problem = read->problems[i];
    if (!problem || !problem->goal) {
      out.skipped.push_back("problem " + std::to_string(i) + ": " +
                            (problem ? std::string("no goal stated") : problem.error().reason));
      continue;
    }
    db::NewProblem row = row_of(*problem, Rank::kyu(10));
    row.source = db::ProblemSource::starter;
    row.source_key = std::to_string(i);
    row.created_ms = now_ms;
    out.rows.push_back(std::move(row));
  }
  return out;
}

db::DbResult<std::size_t> seed_starter(db::Stores& stores, const std::vector<db::NewProblem>& rows) {
  auto held = stores.problems().count(db::ProblemSource::starter);
  if (!held) return unexpected(held.error());
  if (*held > 0) return std::size_t{0};
  std::size_t added = 0;
  for (const db::NewProblem& row : rows) {
    auto id = stores.problems().add(row);
    if (!id) return unexpected(id.error());
    if (*id) ++added;
  }
  return added;
}

}  // namespace yunzi::problems
