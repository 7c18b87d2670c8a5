// problem.move, problem.retry and problem.hint: a player's attempt at a
// problem. The problem and the attempt are read on the read pool; a move is
// judged and a hint found by the solver on its own thread (ProblemService,
// a bounded queue: beyond it `rate_limited`); the line, the attempt's end
// and both ratings are written by the writer, which first checks that the
// attempt is still the one judged (another connection of the player may
// have moved meanwhile); the reply follows the commit.
#include <cmath>

#include <spdlog/spdlog.h>

#include "protocol/problem_messages.hpp"
#include "server/app/desks.hpp"
#include "server/app/reading.hpp"
#include "server/app/request_handlers.hpp"
#include "server/problems/glicko_rule.hpp"
#include "server/problems/library_forms.hpp"

namespace yunzi::app {
namespace {

struct InPlay {
  db::ProblemRecord problem;
  std::optional<db::AttemptRecord> attempt;  // the current one, whatever its state
};

struct MoveStored {
  db::AttemptRecord attempt;
  std::optional<db::RatingChange> rating;
};

constexpr std::string_view attempt_over = "the attempt is over: problem.retry first";

void read_in_play(const Call& call, ProblemId problem, std::function<void(const Call&, const InPlay&)> then) {
  read_found<InPlay>(
      call,
      [problem, user = call.user->id](db::Stores& stores) -> db::DbResult<std::optional<InPlay>> {
        auto found = stores.problems().find(problem, user);
        if (!found) return unexpected(found.error());
        if (!*found) return std::optional<InPlay>();
        auto attempt = stores.problems().current_attempt(user, problem);
        if (!attempt) return unexpected(attempt.error());
        return std::optional<InPlay>(InPlay{std::move(**found), std::move(*attempt)});
      },
      "no such problem", std::move(then));
}

// The attempt a judged move or hint goes on: the one judged, unchanged, or a new one when there was none.
db::DbResult<db::AttemptRecord> attempt_judged(db::Stores& stores, UserId user, ProblemId problem,
                                               const std::optional<db::AttemptRecord>& judged, TimeMs now) {
  auto current = stores.problems().current_attempt(user, problem);
  if (!current) return unexpected(current.error());
  const bool unchanged = judged ? (*current && (*current)->id == judged->id && (*current)->moves == judged->moves &&
                                   (*current)->state == db::AttemptState::playing)
                                : !current->has_value();
  if (!unchanged) return db::db_failure(db::DbErrorKind::conflict, "the attempt changed meanwhile; get it again");
  if (*current) return std::move(**current);
  return stores.problems().start_attempt(user, problem, now);
}

void answer_store_failure(const Call& call, const db::DbError& error) {
  if (error.kind == db::DbErrorKind::conflict) return call.error(protocol::ErrorCode::conflict, error.message);
  spdlog::error("problem attempt not stored connection={} error={}", call.session->id(), error.message);
  call.error(protocol::ErrorCode::internal, "the attempt could not be stored; try again");
}

void solver_busy(const Call& call) {
  call.error(protocol::ErrorCode::rate_limited, "the problem solver is busy; try again in a moment");
}

void answer_refusal(const Call& call, const problems::Refused& refused) {
  switch (refused.why) {
    case problems::Refusal::illegal: return call.error(protocol::ErrorCode::illegal_move, refused.message);
    case problems::Refusal::over: return call.error(protocol::ErrorCode::wrong_phase, attempt_over);
    case problems::Refusal::too_hard:
      return call.error(protocol::ErrorCode::limit_reached,
                        "the solver could not judge this move within its budget; try another");
    case problems::Refusal::unreadable: break;
  }
  spdlog::error("problem not judged connection={} error={}", call.session->id(), refused.message);
  call.error(protocol::ErrorCode::internal, "the problem could not be read");
}

std::optional<protocol::RatingInfo> rating_info(const std::optional<db::RatingChange>& change) {
  if (!change) return std::nullopt;
  const long before = std::lround(change->before.rating);
  const long after = std::lround(change->after.rating);
  return protocol::RatingInfo{static_cast<int>(after), static_cast<int>(std::lround(change->after.deviation)),
                              static_cast<int>(after - before)};
}

void store_judged_move(const ProblemDesk& desk, const Call& call, const InPlay& in_play,
                       const problems::JudgedMove& judged) {
  desk.writer.submit_for<MoveStored>(
      [user = call.user->id, problem = in_play.problem.id, was = in_play.attempt, judged,
       now = call.now_ms()](db::Stores& stores) -> db::DbResult<MoveStored> {
        auto attempt = attempt_judged(stores, user, problem, was, now);
        if (!attempt) return unexpected(attempt.error());
        attempt->moves = judged.line;
        if (judged.outcome == tsumego::Outcome::going_on) {
          if (auto set = stores.problems().set_moves(attempt->id, judged.line); !set) return unexpected(set.error());
          return MoveStored{std::move(*attempt), std::nullopt};
        }
        const bool solved = judged.outcome == tsumego::Outcome::solved;
        auto change = stores.problems().finish_attempt(db::AttemptEnd{attempt->id, judged.line, solved, now},
                                                       problems::rate_by_glicko);
        if (!change) return unexpected(change.error());
        attempt->state = solved ? db::AttemptState::solved : db::AttemptState::failed;
        attempt->ended_ms = now;
        return MoveStored{std::move(*attempt), *change};
      },
      [call, judged](db::DbResult<MoveStored> stored) {
        if (!stored) return answer_store_failure(call, stored.error());
        call.reply(protocol::reply_problem_move(call.id, tsumego::to_string(judged.outcome), judged.reply,
                                                judged.comment, problems::attempt_info(stored->attempt),
                                                rating_info(stored->rating)));
      });
}

void mark_hinted(const ProblemDesk& desk, const Call& call, const InPlay& in_play, const std::string& hint) {
  desk.writer.submit(
      [user = call.user->id, problem = in_play.problem.id, was = in_play.attempt,
       now = call.now_ms()](db::Stores& stores) -> db::DbResult<Done> {
        auto attempt = attempt_judged(stores, user, problem, was, now);
        if (!attempt) return unexpected(attempt.error());
        return stores.problems().set_hinted(attempt->id);
      },
      [call, hint](db::DbResult<Done> done) {
        if (!done) return answer_store_failure(call, done.error());
        call.reply(protocol::reply_problem_hint(call.id, hint));
      });
}

}  // namespace

void handle(const ProblemDesk& desk, const Call& call, const req::ProblemMove& r) {
  read_in_play(call, r.problem, [&desk, move = r.move.text](const Call& c, const InPlay& in_play) {
    if (in_play.attempt && in_play.attempt->state != db::AttemptState::playing) {
      return c.error(protocol::ErrorCode::wrong_phase, attempt_over);
    }
    const bool queued = desk.solver.judge(c.user->id, problems::StoredProblem{in_play.problem.id, in_play.problem.sgf},
                                          in_play.attempt ? in_play.attempt->moves : std::vector<std::string>{}, move,
                                          [&desk, c, in_play](problems::Judged judged) {
                                            c.later([&desk, in_play, judged = std::move(judged)](const Call& back) {
                                              if (!judged) return answer_refusal(back, judged.error());
                                              store_judged_move(desk, back, in_play, *judged);
                                            });
                                          });
    if (!queued) solver_busy(c);
  });
}

void handle(const ProblemDesk& desk, const Call& call, const req::ProblemRetry& r) {
  // A retry in the middle of an attempt gives it up (a rated one is rated as failed); an attempt not yet begun
  // is the one retried.
  desk.writer.submit_for<db::AttemptRecord>(
      [user = call.user->id, problem = r.problem,
       now = call.now_ms()](db::Stores& stores) -> db::DbResult<db::AttemptRecord> {
        auto found = stores.problems().find(problem, std::nullopt);
        if (!found) return unexpected(found.error());
        if (!*found) return db::db_failure(db::DbErrorKind::not_found, "no such problem");
        auto current = stores.problems().current_attempt(user, problem);
        if (!current) return unexpected(current.error());
        if (*current && (*current)->state == db::AttemptState::playing) {
          if ((*current)->moves.empty() && !(*current)->hinted) return std::move(**current);
          auto given_up = stores.problems().finish_attempt(
              db::AttemptEnd{(*current)->id, (*current)->moves, false, now}, problems::rate_by_glicko);
          if (!given_up) return unexpected(given_up.error());
        }
        return stores.problems().start_attempt(user, problem, now);
      },
      [call](db::DbResult<db::AttemptRecord> attempt) {
        if (!attempt && attempt.error().kind == db::DbErrorKind::not_found) {
          return call.error(protocol::ErrorCode::not_found, "no such problem");
        }
        if (!attempt) return answer_store_failure(call, attempt.error());
        call.reply(protocol::reply_problem_attempt(call.id, problems::attempt_info(*attempt)));
      });
}

void handle(const ProblemDesk& desk, const Call& call, const req::ProblemHint& r) {
  read_in_play(call, r.problem, [&desk](const Call& c, const InPlay& in_play) {
    if (in_play.attempt && in_play.attempt->state != db::AttemptState::playing) {
      return c.error(protocol::ErrorCode::wrong_phase, attempt_over);
    }
    const bool queued = desk.solver.hint(c.user->id, problems::StoredProblem{in_play.problem.id, in_play.problem.sgf},
                                         in_play.attempt ? in_play.attempt->moves : std::vector<std::string>{},
                                         [&desk, c, in_play](problems::Hinted hinted) {
                                           c.later([&desk, in_play, hinted = std::move(hinted)](const Call& back) {
                                             if (!hinted) return answer_refusal(back, hinted.error());
                                             if (!*hinted)
                                               return back.reply(protocol::reply_problem_hint(back.id, std::nullopt));
                                             // The hint is shown once the attempt is marked: a hinted rated attempt
                                             // counts as failed.
                                             mark_hinted(desk, back, in_play, **hinted);
                                           });
                                         });
    if (!queued) solver_busy(c);
  });
}

}  // namespace yunzi::app
