// problem.import (an admin's; the role is checked before it runs): every
// game tree of the SGF text is read, given the request's themes and
// verified by the solver, one problem a job on the solver's thread so that
// players' moves are judged between them; the problems that pass join the
// library in one writer item with the audit entry, and the reply lists what
// was imported and what was rejected, and why.
#include <algorithm>
#include <memory>

#include <spdlog/spdlog.h>

#include "protocol/problem_messages.hpp"
#include "server/app/admin_action.hpp"
#include "server/app/desks.hpp"
#include "server/app/request_handlers.hpp"
#include "server/problems/library_forms.hpp"

namespace yunzi::app {
namespace {

constexpr std::string_view solver_busy_reason = "the problem solver is busy; try again in a moment";

struct ImportRun {
  std::vector<Expected<tsumego::Problem, tsumego::ProblemError>> read;
  std::vector<std::string> themes;  // given to every problem besides its own
  std::size_t next = 0;             // the next problem to verify
  std::vector<db::NewProblem> accepted;
  std::vector<protocol::RejectedProblem> rejected;
};

std::string sentences(const std::vector<std::string>& parts) {
  std::string out;
  for (const std::string& part : parts) out += (out.empty() ? "" : "; ") + part;
  return out;
}

void add_themes(tsumego::Problem& problem, const std::vector<std::string>& themes) {
  for (const std::string& theme : themes) {
    const bool known = std::find(problem.themes.begin(), problem.themes.end(), theme) != problem.themes.end();
    if (!known && problem.themes.size() < tsumego::ProblemLimits{}.max_themes) problem.themes.push_back(theme);
  }
}

void store_imported(const ProblemDesk& desk, const Call& call, std::shared_ptr<ImportRun> run) {
  db::AuditEntry entry = audit(call, "problem.import", "");
  entry.detail =
      std::to_string(run->accepted.size()) + " imported, " + std::to_string(run->rejected.size()) + " rejected";
  desk.writer.submit_for<std::vector<ProblemId>>(
      [rows = run->accepted, entry](db::Stores& stores) -> db::DbResult<std::vector<ProblemId>> {
        std::vector<ProblemId> ids;
        for (const db::NewProblem& row : rows) {
          auto id = stores.problems().add(row);
          if (!id) return unexpected(id.error());
          if (*id) ids.push_back(**id);
        }
        if (auto added = stores.moderation().add_audit(entry); !added) return unexpected(added.error());
        return ids;
      },
      [call, run](db::DbResult<std::vector<ProblemId>> ids) {
        if (!ids) {
          spdlog::error("problems not imported connection={} error={}", call.session->id(), ids.error().message);
          return call.error(protocol::ErrorCode::internal, "the problems could not be stored; try again");
        }
        std::vector<protocol::ImportedProblem> imported;
        for (std::size_t i = 0; i < ids->size() && i < run->accepted.size(); ++i) {
          imported.push_back({(*ids)[i], run->accepted[i].flags});
        }
        std::sort(run->rejected.begin(), run->rejected.end(),
                  [](const auto& a, const auto& b) { return a.index < b.index; });
        spdlog::info("admin action=problem.import admin={} imported={} rejected={}", call.user->name, imported.size(),
                     run->rejected.size());
        call.reply(protocol::reply_problem_import(call.id, imported, run->rejected));
      });
}

void verified(const Call& call, ImportRun& run, std::size_t index, const tsumego::Problem& problem,
              const tsumego::Verification& verification) {
  if (!verification.accepted || !problem.goal) {
    const std::string why =
        verification.rejections.empty() ? "no goal stated or found" : sentences(verification.rejections);
    run.rejected.push_back({index, why});
    return;
  }
  db::NewProblem row = problems::row_of(problem, verification.grade);
  row.flags = verification.flags;
  row.source = db::ProblemSource::import;
  row.imported_by = call.user->id;
  row.created_ms = call.now_ms();
  run.accepted.push_back(std::move(row));
}

void verify_next(const ProblemDesk& desk, const Call& call, std::shared_ptr<ImportRun> run) {
  while (run->next < run->read.size() && !run->read[run->next]) {
    run->rejected.push_back({run->next, run->read[run->next].error().reason});
    ++run->next;
  }
  if (run->next == run->read.size()) return store_imported(desk, call, std::move(run));
  const std::size_t index = run->next++;
  tsumego::Problem problem = std::move(*run->read[index]);
  add_themes(problem, run->themes);
  const bool queued = desk.solver.verify(
      call.user->id, std::move(problem),
      [&desk, call, run, index](tsumego::Problem done, tsumego::Verification verification) {
        call.later([&desk, run, index, done = std::move(done), verification = std::move(verification)](const Call& c) {
          verified(c, *run, index, done, verification);
          verify_next(desk, c, run);
        });
      });
  if (queued) return;
  if (run->accepted.empty() && run->rejected.empty()) {
    return call.error(protocol::ErrorCode::rate_limited, solver_busy_reason);
  }
  // Half way through: what was verified is kept, the rest is for another request.
  for (std::size_t i = index; i < run->read.size(); ++i) run->rejected.push_back({i, std::string(solver_busy_reason)});
  run->next = run->read.size();
  store_imported(desk, call, std::move(run));
}

}  // namespace

void handle(const ProblemDesk& desk, const Call& call, const req::ProblemImport& r) {
  auto read = tsumego::read_problems(r.sgf);
  if (!read) {
    return call.reply(protocol::reply_problem_import(call.id, {}, {{read.error().index, read.error().reason}}));
  }
  auto run = std::make_shared<ImportRun>();
  run->read = std::move(read->problems);
  run->themes = r.themes;
  verify_next(desk, call, std::move(run));
}

}  // namespace yunzi::app
