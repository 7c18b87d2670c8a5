#include "db/sql_analysis_store.hpp"

#include <array>
#include <string>

#include "db/row_reading.hpp"

namespace yunzi::db {
namespace {

constexpr std::int64_t day_ms = 86'400'000;

constexpr std::string_view analysis_columns =
    "SELECT id, game_id, engine, status, priority, requested_by, requested_ms, worker_id, started_ms, finished_ms,"
    " moves_done, moves_total, attempts, failure, heard_ms, board_size FROM analyses";

AnalysisRecord read_analysis(const Row& row) {
  AnalysisRecord out;
  out.id = row.integer(0);
  out.game = row.integer(1);
  out.engine = row.text(2);
  out.status = parse_analysis_status(row.text(3)).value_or(AnalysisStatus::failed);
  out.priority = static_cast<int>(row.integer(4));
  out.requested_by = row.integer(5);
  out.requested_ms = row.integer(6);
  out.worker = row.optional_integer(7);
  out.started_ms = row.optional_integer(8);
  out.finished_ms = row.optional_integer(9);
  out.moves_done = static_cast<int>(row.integer(10));
  out.moves_total = static_cast<int>(row.integer(11));
  out.attempts = static_cast<int>(row.integer(12));
  out.failure = row.text(13);
  out.heard_ms = row.optional_integer(14);
  out.board_size = static_cast<int>(row.integer(15));
  return out;
}

constexpr std::array<std::string_view, 4> status_names{"queued", "running", "done", "failed"};

}  // namespace

std::string_view to_string(AnalysisStatus status) { return status_names[static_cast<std::size_t>(status)]; }

std::optional<AnalysisStatus> parse_analysis_status(std::string_view text) {
  for (std::size_t i = 0; i < status_names.size(); ++i) {
    if (status_names[i] == text) return static_cast<AnalysisStatus>(i);
  }
  return std::nullopt;
}

DbResult<AnalysisRecord> SqlAnalysisStore::find_by_id(std::int64_t review) {
  static const std::string sql = std::string(analysis_columns) + " WHERE id = ?";
  auto found = read_first<AnalysisRecord>(db_.query(sql, review), read_analysis);
  if (!found) return unexpected(found.error());
  if (!*found) return db_failure(DbErrorKind::not_found, "review not found");
  return std::move(**found);
}

DbResult<std::optional<AnalysisRecord>> SqlAnalysisStore::find(GameId game, std::string_view engine) {
  static const std::string sql = std::string(analysis_columns) + " WHERE game_id = ? AND engine = ?";
  return read_first<AnalysisRecord>(db_.query(sql, game, std::string(engine)), read_analysis);
}

DbResult<std::optional<AnalysisRecord>> SqlAnalysisStore::latest_done(GameId game) {
  static const std::string sql = std::string(analysis_columns) +
                                 " WHERE game_id = ? AND status = 'done' ORDER BY finished_ms DESC, id DESC LIMIT 1";
  return read_first<AnalysisRecord>(db_.query(sql, game), read_analysis);
}

DbResult<Done> SqlAnalysisStore::check_caps(const NewAnalysis& review, const AnalysisCaps& caps) {
  auto open = read_count(db_.query(
      "SELECT COUNT(*) FROM analyses WHERE requested_by = ? AND status IN ('queued', 'running')", review.requested_by));
  if (!open) return unexpected(open.error());
  if (*open >= caps.open_per_user) {
    return db_failure(DbErrorKind::conflict, "at most " + std::to_string(caps.open_per_user) +
                                                 " of your reviews wait or run at once; wait for one to finish");
  }
  auto today = read_count(db_.query("SELECT COUNT(*) FROM analyses WHERE requested_by = ? AND requested_ms > ?",
                                    review.requested_by, review.at_ms - day_ms));
  if (!today) return unexpected(today.error());
  if (*today >= caps.per_day) {
    return db_failure(DbErrorKind::conflict,
                      "at most " + std::to_string(caps.per_day) + " reviews a day; try again tomorrow");
  }
  auto queued = read_count(db_.query("SELECT COUNT(*) FROM analyses WHERE status = 'queued'"));
  if (!queued) return unexpected(queued.error());
  if (*queued >= caps.queue) {
    return db_failure(DbErrorKind::conflict, "the review queue is full; try again later");
  }
  return Done{};
}

DbResult<AnalysisRecord> SqlAnalysisStore::request(const NewAnalysis& review, const AnalysisCaps& caps) {
  auto existing = find(review.game, review.engine);
  if (!existing) return unexpected(existing.error());
  if (*existing && (*existing)->status != AnalysisStatus::failed) {
    const AnalysisRecord& found = **existing;
    if (found.status == AnalysisStatus::queued && review.priority < found.priority) {
      if (auto raised = db_.execute("UPDATE analyses SET priority = ? WHERE id = ?", review.priority, found.id);
          !raised) {
        return unexpected(raised.error());
      }
      return find_by_id(found.id);
    }
    return found;
  }
  if (auto allowed = check_caps(review, caps); !allowed) return unexpected(allowed.error());
  if (*existing) {
    const std::int64_t id = (*existing)->id;
    auto again = db_.execute(
        "UPDATE analyses SET status = 'queued', priority = ?, requested_by = ?, requested_ms = ?, worker_id = NULL,"
        " started_ms = NULL, finished_ms = NULL, moves_done = 0, attempts = 0, failure = '' WHERE id = ?",
        review.priority, review.requested_by, review.at_ms, id);
    if (!again) return unexpected(again.error());
    return find_by_id(id);
  }
  auto id = db_.insert(
      "INSERT INTO analyses (game_id, engine, status, priority, requested_by, requested_ms) VALUES (?, ?, 'queued', ?, ?, ?)",
      review.game, review.engine, review.priority, review.requested_by, review.at_ms);
  if (!id) return unexpected(id.error());
  return find_by_id(*id);
}

DbResult<std::int64_t> SqlAnalysisStore::queued_before(const AnalysisRecord& review) {
  return read_count(db_.query(
      "SELECT COUNT(*) FROM analyses WHERE engine = ? AND status = 'queued' AND (priority < ? OR (priority = ? AND"
      " (requested_ms < ? OR (requested_ms = ? AND id < ?))))",
      review.engine, review.priority, review.priority, review.requested_ms, review.requested_ms, review.id));
}

DbResult<std::optional<AnalysisRecord>> SqlAnalysisStore::claim(std::string_view engine, UserId worker, TimeMs at_ms,
                                                                TimeMs stale_before) {
  const auto first_id = [](const Row& row) { return row.integer(0); };
  auto next = read_first<std::int64_t>(
      db_.query("SELECT id FROM analyses WHERE worker_id = ? AND status = 'running'", worker), first_id);
  if (!next) return unexpected(next.error());
  if (!*next) {
    // 'queued' sorts before 'running': the queue first, then the runs abandoned.
    next = read_first<std::int64_t>(
        db_.query("SELECT id FROM analyses WHERE engine = ? AND (status = 'queued' OR (status = 'running' AND"
                  " heard_ms < ?)) ORDER BY status, priority, requested_ms, id LIMIT 1",
                  std::string(engine), stale_before),
        first_id);
    if (!next) return unexpected(next.error());
  }
  if (!*next) return std::optional<AnalysisRecord>();
  auto taken = db_.execute(
      "UPDATE analyses SET status = 'running', worker_id = ?, started_ms = ?, heard_ms = ?, moves_done = 0 WHERE"
      " id = ?",
      worker, at_ms, at_ms, **next);
  if (!taken) return unexpected(taken.error());
  auto claimed = find_by_id(**next);
  if (!claimed) return unexpected(claimed.error());
  return std::optional<AnalysisRecord>(std::move(*claimed));
}

DbResult<Done> SqlAnalysisStore::restart(std::int64_t review, UserId worker, int board_size, int total, TimeMs at_ms) {
  auto restarted = expect_changed(db_,
                                  db_.execute("UPDATE analyses SET board_size = ?, moves_total = ?, moves_done = 0,"
                                              " heard_ms = ? WHERE id = ? AND worker_id = ? AND status = 'running'",
                                              board_size, total, at_ms, review, worker),
                                  "running review");
  if (!restarted) return restarted;
  return db_.execute("DELETE FROM analysis_positions WHERE analysis_id = ?", review);
}

DbResult<int> SqlAnalysisStore::report(std::int64_t review, UserId worker, std::span<const ReportedPosition> positions,
                                       int total, TimeMs at_ms) {
  auto heard = expect_changed(db_,
                              db_.execute("UPDATE analyses SET moves_total = ?, heard_ms = ? WHERE id = ? AND"
                                          " worker_id = ? AND status = 'running'",
                                          total, at_ms, review, worker),
                              "running review");
  if (!heard) return unexpected(heard.error());
  for (const ReportedPosition& position : positions) {
    auto kept = db_.execute(
        "INSERT INTO analysis_positions (analysis_id, move, position) VALUES (?, ?, ?)"
        " ON CONFLICT (analysis_id, move) DO UPDATE SET position = excluded.position",
        review, position.move, position.json);
    if (!kept) return unexpected(kept.error());
  }
  auto done =
      read_first<std::int64_t>(db_.query("SELECT count(*) FROM analysis_positions WHERE analysis_id = ?", review),
                               [](const Row& row) { return row.integer(0); });
  if (!done) return unexpected(done.error());
  const int count = static_cast<int>(done->value_or(0));
  auto counted = db_.execute("UPDATE analyses SET moves_done = ? WHERE id = ?", count, review);
  if (!counted) return unexpected(counted.error());
  return count;
}

DbResult<std::string> SqlAnalysisStore::positions(std::int64_t review) {
  auto rows = read_all<std::string>(
      db_.query("SELECT position FROM analysis_positions WHERE analysis_id = ? ORDER BY move", review),
      [](const Row& row) { return row.text(0); });
  if (!rows) return unexpected(rows.error());
  std::string out = "[";
  for (const std::string& position : *rows) out += (out.size() > 1 ? "," : "") + position;
  return out + "]";
}

DbResult<AnalysisRecord> SqlAnalysisStore::finish(std::int64_t review, UserId worker, TimeMs at_ms) {
  auto done =
      expect_changed(db_,
                     db_.execute("UPDATE analyses SET status = 'done', finished_ms = ?, failure = '' WHERE id = ?"
                                 " AND worker_id = ? AND status = 'running'",
                                 at_ms, review, worker),
                     "running review");
  if (!done) return unexpected(done.error());
  return find_by_id(review);
}

DbResult<AnalysisRecord> SqlAnalysisStore::fail(std::int64_t review, UserId worker, std::string_view reason,
                                                int max_attempts, TimeMs at_ms) {
  auto failed = expect_changed(
      db_,
      db_.execute("UPDATE analyses SET attempts = attempts + 1, status = CASE WHEN attempts + 1 >= ? THEN 'failed'"
                  " ELSE 'queued' END, failure = ?, worker_id = NULL, finished_ms = ? WHERE id = ? AND worker_id = ?"
                  " AND status = 'running'",
                  max_attempts, std::string(reason), at_ms, review, worker),
      "running review");
  if (!failed) return unexpected(failed.error());
  return find_by_id(review);
}

DbResult<std::int64_t> SqlAnalysisStore::release(UserId worker) {
  auto released = db_.execute(
      "UPDATE analyses SET status = 'queued', worker_id = NULL, attempts = attempts + 1 WHERE worker_id = ? AND"
      " status = 'running'",
      worker);
  if (!released) return unexpected(released.error());
  return db_.changes();
}

}  // namespace yunzi::db
