// analysis.*: the machine's review of a finished game. Players ask for one
// (the caps counted in the writer) and read it; review workers (bot
// accounts running yunzi-analyzer) claim a job, report the positions they
// have analysed, and finish or give up. Whoever asked, or read the review
// while it waited or ran, is told how it goes on every node.
#include <spdlog/spdlog.h>

#include <map>

#include "protocol/analysis_messages.hpp"
#include "server/app/desks.hpp"
#include "server/app/reading.hpp"
#include "server/app/request_handlers.hpp"
#include "server/game/stored_game.hpp"

namespace yunzi::app {
namespace {

using nlohmann::json;
using protocol::ErrorCode;

protocol::AnalysisSummary summary_of(const db::AnalysisRecord& r, std::optional<std::int64_t> queued_before = {}) {
  protocol::AnalysisSummary out;
  out.game = r.game;
  out.engine = r.engine;
  out.status = std::string(db::to_string(r.status));
  out.done = r.moves_done;
  out.total = r.moves_total;
  if (r.status == db::AnalysisStatus::queued) out.queued_before = queued_before;
  out.failure = r.failure;
  return out;
}

// The stored positions (a JSON array); an empty array for none or for text that is not one.
json stored_positions(const std::string& text) {
  if (text.empty()) return json::array();
  json parsed = json::parse(text, nullptr, false);
  return parsed.is_array() ? parsed : json::array();
}

void tell(const AnalysisDesk& desk, const std::set<UserId>& users, const protocol::Frame& frame) {
  for (const UserId user : users) {
    desk.online.send_to_user(user, frame);
    desk.elsewhere.send_to_user(user, frame);
  }
}

// A worker's writes fail as not_found when the review is not running on its account.
void answer_worker_failure(const Call& call, const db::DbError& error) {
  if (error.kind == db::DbErrorKind::not_found) {
    return call.error(ErrorCode::not_found, "no review of this account is running with that id");
  }
  if (error.kind == db::DbErrorKind::conflict) return call.error(ErrorCode::conflict, error.message);
  if (error.kind == db::DbErrorKind::invalid_argument) return call.error(ErrorCode::bad_request, error.message);
  spdlog::error("analysis write failed connection={} error={}", call.session->id(), error.message);
  call.error(ErrorCode::internal, "the review could not be stored; try again");
}

// The review `worker` runs, as stored; not_found when it runs no such review.
db::DbResult<db::AnalysisRecord> running_review(db::Stores& stores, std::int64_t id, UserId worker) {
  auto review = stores.analyses().find_by_id(id);
  if (!review) return unexpected(review.error());
  if (review->worker != worker || review->status != db::AnalysisStatus::running)
    return db::db_failure(db::DbErrorKind::not_found, "not running here");
  return review;
}

// A review as a reader gets it: with how many wait before it, and its
// positions once it is done.
struct ReadReview {
  db::AnalysisRecord record;
  std::int64_t ahead = 0;
  std::string positions;  // a JSON array text, when done
};

// The positions are read only when asked for: never on the writer's thread.
db::DbResult<ReadReview> read_review(db::Stores& stores, db::AnalysisRecord record, bool with_positions) {
  auto ahead = stores.analyses().queued_before(record);
  if (!ahead) return unexpected(ahead.error());
  ReadReview out{std::move(record), *ahead, {}};
  if (with_positions && out.record.status == db::AnalysisStatus::done) {
    auto positions = stores.analyses().positions(out.record.id);
    if (!positions) return unexpected(positions.error());
    out.positions = std::move(*positions);
  }
  return out;
}

void reply_review(const Call& call, const ReadReview& review) {
  if (review.record.status == db::AnalysisStatus::done) {
    const json positions = stored_positions(review.positions);
    return call.reply(protocol::reply_analysis(call.id, summary_of(review.record), &positions));
  }
  call.reply(protocol::reply_analysis(call.id, summary_of(review.record, review.ahead)));
}

bool is_worker(const AnalysisDesk& desk, const Call& call) {
  const auto online = desk.online.find(call.user->id);
  if (online && online->info.role == Role::bot) return true;
  call.error(ErrorCode::forbidden, "only review workers (bot accounts) run reviews");
  return false;
}

// The positions checked against the game: a position of the game, on its board.
std::optional<std::string> position_problem(const req::AnalysedPosition& position, int size, int total) {
  if (position.move >= total) {
    return "position " + std::to_string(position.move) + " is past the game's " + std::to_string(total - 1) + " moves";
  }
  const auto off_board = [size](const protocol::VertexText& v) { return !v.is_pass() && !v.on_board(size); };
  for (const req::EngineMove& move : position.best) {
    if (off_board(move.vertex) || std::any_of(move.line.begin(), move.line.end(), off_board)) {
      return "position " + std::to_string(position.move) + ": a move off the " + std::to_string(size) + "x" +
             std::to_string(size) + " board";
    }
  }
  return std::nullopt;
}

}  // namespace

void handle(const AnalysisDesk& desk, const Call& call, const req::AnalysisRequest& r) {
  read_found<db::GameWithMoves>(
      call, [game = r.game](db::Stores& stores) { return stores.games().load(game); }, "no game with that id",
      [&desk](const Call& c, const db::GameWithMoves& stored) {
        const db::GameRecord& row = stored.game;
        if (row.status == db::GameStatus::playing) {
          return c.error(ErrorCode::conflict, "the game is still being played; a review comes once it has ended");
        }
        const bool player = row.black_id == c.user->id || row.white_id == c.user->id;
        const db::NewAnalysis wanted{row.id, desk.rules.engine, player ? 0 : 1, c.user->id, c.now_ms()};
        const int total = static_cast<int>(stored.moves.size()) + 1;
        desk.writer.submit_for<ReadReview>(
            [wanted, caps = desk.rules.caps](db::Stores& stores) -> db::DbResult<ReadReview> {
              auto review = stores.analyses().request(wanted, caps);
              if (!review) return unexpected(review.error());
              return read_review(stores, std::move(*review), false);
            },
            [&desk, c, total](db::DbResult<ReadReview> asked) {
              if (!asked) {
                if (asked.error().kind == db::DbErrorKind::conflict)
                  return c.error(ErrorCode::limit_reached, asked.error().message);
                return c.error(ErrorCode::internal, "the review could not be asked for; try again");
              }
              db::AnalysisRecord& review = asked->record;
              if (review.moves_total == 0) review.moves_total = total;
              if (review.status != db::AnalysisStatus::done) desk.watchers.add(review.game, c.user->id);
              spdlog::info("analysis asked game={} engine={} user={} status={}", review.game, review.engine, c.user->id,
                           db::to_string(review.status));
              if (review.status != db::AnalysisStatus::done) return reply_review(c, *asked);
              read_or_fail<std::string>(
                  c, [id = review.id](db::Stores& stores) { return stores.analyses().positions(id); },
                  "the database could not be read; try again",
                  [record = review](const Call& later, const std::string& positions) {
                    reply_review(later, ReadReview{record, 0, positions});
                  });
            });
      });
}

void handle(const AnalysisDesk& desk, const Call& call, const req::AnalysisGet& r) {
  read_found<ReadReview>(
      call,
      [game = r.game, engine = desk.rules.engine](db::Stores& stores) -> db::DbResult<std::optional<ReadReview>> {
        auto review = stores.analyses().find(game, engine);
        if (!review) return unexpected(review.error());
        if (!*review) return std::optional<ReadReview>();
        auto read = read_review(stores, std::move(**review), true);
        if (!read) return unexpected(read.error());
        return std::optional<ReadReview>(std::move(*read));
      },
      "no review of that game; ask for one with analysis.request",
      [&desk](const Call& c, const ReadReview& review) {
        const db::AnalysisRecord& record = review.record;
        const bool open = record.status == db::AnalysisStatus::queued || record.status == db::AnalysisStatus::running;
        if (c.user && open) desk.watchers.add(record.game, c.user->id);
        reply_review(c, review);
      });
}

void handle(const AnalysisDesk& desk, const Call& call, const req::AnalysisClaim& r) {
  if (!is_worker(desk, call)) return;
  const UserId worker = call.user->id;
  using Claimed = std::optional<protocol::AnalysisJob>;
  desk.writer.submit_for<Claimed>(
      [engine = r.engine, worker, now = call.now_ms(),
       stale = desk.rules.stale_ms](db::Stores& stores) -> db::DbResult<Claimed> {
        auto claimed = stores.analyses().claim(engine, worker, now, now - stale);
        if (!claimed) return unexpected(claimed.error());
        if (!*claimed) return Claimed();
        const db::AnalysisRecord& review = **claimed;
        auto stored = stores.games().load(review.game);
        if (!stored) return unexpected(stored.error());
        if (!*stored) return db::db_failure(db::DbErrorKind::corrupt, "review of a missing game");
        auto game = game::replay_stored_game(**stored);
        if (!game) return db::db_failure(db::DbErrorKind::corrupt, "review of a game that does not replay");
        protocol::AnalysisJob job;
        job.analysis = review.id;
        job.game = review.game;
        job.size = (*stored)->game.settings.size;
        job.komi = (*stored)->game.settings.komi;
        for (const engine::SetupStone& stone : game->start_stones())
          (stone.color == engine::Color::black ? job.black_setup : job.white_setup).push_back(stone.vertex);
        for (const db::MoveRecord& move : (*stored)->moves) job.moves.push_back(move.move);
        // A new run starts over: what an earlier one reported goes.
        const int total = static_cast<int>(job.moves.size()) + 1;
        if (auto reset = stores.analyses().restart(review.id, worker, job.size, total, now); !reset)
          return unexpected(reset.error());
        return Claimed(std::move(job));
      },
      [&desk, call, worker](db::DbResult<Claimed> claimed) {
        if (!claimed) return answer_worker_failure(call, claimed.error());
        if (*claimed) {
          spdlog::info("analysis claimed review={} game={} worker={}", (*claimed)->analysis, (*claimed)->game, worker);
          // A worker gone takes nothing with it: its review waits for the next.
          call.session->when_closed("analysis", [&writer = desk.writer, worker](session::Session&) {
            writer.submit(
                [worker](db::Stores& stores) -> db::DbResult<Done> {
                  auto released = stores.analyses().release(worker);
                  if (!released) return unexpected(released.error());
                  return Done{};
                },
                [](db::DbResult<Done>) {});
          });
        }
        call.reply(protocol::reply_analysis_job(call.id, *claimed));
      });
}

void handle(const AnalysisDesk& desk, const Call& call, const req::AnalysisReport& r) {
  if (!is_worker(desk, call)) return;
  desk.writer.submit_for<db::AnalysisRecord>(
      [r, worker = call.user->id, now = call.now_ms()](db::Stores& stores) -> db::DbResult<db::AnalysisRecord> {
        auto review = running_review(stores, r.analysis, worker);
        if (!review) return review;
        // Checked against what the run's start stored: no game is read on the writer's thread,
        // and the positions are added as rows, not merged into what was kept.
        std::vector<db::ReportedPosition> rows;
        rows.reserve(r.positions.size());
        for (const req::AnalysedPosition& position : r.positions) {
          if (auto problem = position_problem(position, review->board_size, review->moves_total))
            return db::db_failure(db::DbErrorKind::invalid_argument, *problem);
          rows.push_back(db::ReportedPosition{position.move, protocol::to_json(position).dump()});
        }
        auto done = stores.analyses().report(review->id, worker, rows, review->moves_total, now);
        if (!done) return unexpected(done.error());
        review->moves_done = *done;
        return review;
      },
      [&desk, call](db::DbResult<db::AnalysisRecord> reported) {
        if (!reported) return answer_worker_failure(call, reported.error());
        tell(desk, desk.watchers.of(reported->game), protocol::analysis_progress(summary_of(*reported)));
        call.ok({{"done", reported->moves_done}, {"total", reported->moves_total}});
      });
}

void handle(const AnalysisDesk& desk, const Call& call, const req::AnalysisFinish& r) {
  if (!is_worker(desk, call)) return;
  desk.writer.submit_for<db::AnalysisRecord>(
      [r, worker = call.user->id, now = call.now_ms()](db::Stores& stores) -> db::DbResult<db::AnalysisRecord> {
        auto review = running_review(stores, r.analysis, worker);
        if (!review) return review;
        if (review->moves_total == 0 || review->moves_done < review->moves_total) {
          return db::db_failure(db::DbErrorKind::conflict, std::to_string(review->moves_done) + " of " +
                                                               std::to_string(review->moves_total) +
                                                               " positions reported; report them all first");
        }
        return stores.analyses().finish(r.analysis, worker, now);
      },
      [&desk, call](db::DbResult<db::AnalysisRecord> finished) {
        if (!finished) return answer_worker_failure(call, finished.error());
        spdlog::info("analysis done review={} game={}", finished->id, finished->game);
        tell(desk, desk.watchers.take(finished->game), protocol::analysis_done(summary_of(*finished)));
        call.ok();
      });
}

void handle(const AnalysisDesk& desk, const Call& call, const req::AnalysisFail& r) {
  if (!is_worker(desk, call)) return;
  desk.writer.submit_for<db::AnalysisRecord>(
      [r, worker = call.user->id, now = call.now_ms(),
       attempts = desk.rules.max_attempts](db::Stores& stores) -> db::DbResult<db::AnalysisRecord> {
        return stores.analyses().fail(r.analysis, worker, r.reason, attempts, now);
      },
      [&desk, call](db::DbResult<db::AnalysisRecord> failed) {
        if (!failed) return answer_worker_failure(call, failed.error());
        spdlog::warn("analysis run failed review={} game={} status={} reason={}", failed->id, failed->game,
                     db::to_string(failed->status), failed->failure);
        if (failed->status == db::AnalysisStatus::failed) {
          tell(desk, desk.watchers.take(failed->game), protocol::analysis_done(summary_of(*failed)));
        } else {
          tell(desk, desk.watchers.of(failed->game), protocol::analysis_progress(summary_of(*failed)));
        }
        call.ok();
      });
}

}  // namespace yunzi::app
