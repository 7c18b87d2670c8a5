#include "db/row_reading.hpp"
#include "db/sql_stores.hpp"

namespace yunzi::db {

namespace {

Report read_report(const Row& row) {
  Report r;
  r.id = row.integer(0);
  r.reporter_id = row.integer(1);
  r.reported_id = row.integer(2);
  r.game_id = row.optional_integer(3);
  r.reason = row.text(4);
  r.created_ms = row.integer(5);
  r.open = row.text(6) == "open";
  r.handled_by = row.optional_integer(7);
  r.handled_ms = row.optional_integer(8);
  if (auto outcome = row.optional_text(9)) r.outcome = parse_report_outcome(*outcome);
  r.note = row.text(10);
  return r;
}

constexpr std::string_view report_columns =
    "id, reporter_id, reported_id, game_id, reason, created_ms, status, handled_by, handled_ms, outcome, note";

}  // namespace

DbResult<std::int64_t> SqlModerationStore::add_audit(const AuditEntry& e) {
  return db_.insert(
      "INSERT INTO audit_log (actor_id, actor_name, action, target_user_id, target_game_id, reason, detail, at_ms) "
      "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
      e.actor_id, e.actor_name, e.action, e.target_user_id, e.target_game_id, e.reason, e.detail, e.at_ms);
}

DbResult<std::vector<AuditEntry>> SqlModerationStore::audit_page(std::optional<std::int64_t> before, int limit) {
  auto page = checked_page_size(limit);
  if (!page) return unexpected(page.error());
  return read_all<AuditEntry>(
      db_.query("SELECT id, actor_id, actor_name, action, target_user_id, target_game_id, reason, detail, at_ms "
                "FROM audit_log WHERE id < ? ORDER BY id DESC LIMIT ?",
                before.value_or(INT64_MAX), *page),
      [](const Row& row) {
        return AuditEntry{row.integer(0),          row.optional_integer(1), row.text(2), row.text(3),
                          row.optional_integer(4), row.optional_integer(5), row.text(6), row.text(7),
                          row.integer(8)};
      });
}

DbResult<std::int64_t> SqlModerationStore::add_report(const Report& r) {
  return db_.insert(
      "INSERT INTO reports (reporter_id, reported_id, game_id, reason, created_ms) VALUES (?, ?, ?, ?, ?)",
      r.reporter_id, r.reported_id, r.game_id, r.reason, r.created_ms);
}

DbResult<std::vector<Report>> SqlModerationStore::open_reports(int limit) {
  auto page = checked_page_size(limit);
  if (!page) return unexpected(page.error());
  static const std::string sql =
      "SELECT " + std::string(report_columns) + " FROM reports WHERE status = 'open' ORDER BY id LIMIT ?";
  return read_all<Report>(db_.query(sql, *page), read_report);
}

DbResult<Report> SqlModerationStore::close_report(std::int64_t report, UserId handled_by, ReportOutcome outcome,
                                                  std::string_view note, TimeMs at_ms) {
  auto closed = expect_changed(
      db_,
      db_.execute("UPDATE reports SET status = 'closed', handled_by = ?, handled_ms = ?, outcome = ?, note = ? "
                  "WHERE id = ? AND status = 'open'",
                  handled_by, at_ms, to_string(outcome), note, report),
      "open report " + std::to_string(report));
  if (!closed) return unexpected(closed.error());
  static const std::string sql = "SELECT " + std::string(report_columns) + " FROM reports WHERE id = ?";
  auto found = read_first<Report>(db_.query(sql, report), read_report);
  if (!found) return unexpected(found.error());
  if (!*found) return db_failure(DbErrorKind::not_found, "report " + std::to_string(report));
  return **found;
}

}  // namespace yunzi::db
