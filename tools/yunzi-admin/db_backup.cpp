#include "tools/yunzi-admin/db_backup.hpp"

#include <sqlite3.h>

#include <filesystem>
#include <memory>
#include <thread>

#include "db/database.hpp"
#include "db/sqlite.hpp"

namespace yunzi::admin {
namespace {

struct CloseSqlite {
  void operator()(sqlite3* db) const { sqlite3_close(db); }
};
using SqlitePtr = std::unique_ptr<sqlite3, CloseSqlite>;

db::DbErrorKind kind_of(int code) {
  switch (code & 0xff) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED: return db::DbErrorKind::locked;
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB: return db::DbErrorKind::corrupt;
    case SQLITE_CANTOPEN:
    case SQLITE_PERM:
    case SQLITE_READONLY: return db::DbErrorKind::cannot_open;
    case SQLITE_FULL:
    case SQLITE_IOERR: return db::DbErrorKind::io;
    default: return db::DbErrorKind::other;
  }
}

db::DbResult<SqlitePtr> open_raw(const std::string& path, int flags, int busy_timeout_ms) {
  sqlite3* raw = nullptr;
  const int rc = sqlite3_open_v2(path.c_str(), &raw, flags, nullptr);
  SqlitePtr db(raw);
  if (rc != SQLITE_OK) {
    const int code = raw ? sqlite3_extended_errcode(raw) : rc;
    return db::db_failure(kind_of(code),
                          "cannot open " + path + ": " + (raw ? sqlite3_errmsg(raw) : sqlite3_errstr(rc)), code);
  }
  sqlite3_extended_result_codes(raw, 1);
  sqlite3_busy_timeout(raw, busy_timeout_ms);
  return db;
}

// Runs the copy into an open destination; the backup object is always
// finished so the destination is released.
db::DbResult<BackupOutcome> copy_pages(sqlite3* source, sqlite3* destination, const BackupOptions& options) {
  sqlite3_backup* backup = sqlite3_backup_init(destination, "main", source, "main");
  if (backup == nullptr) {
    const int code = sqlite3_extended_errcode(destination);
    return db::db_failure(kind_of(code), std::string("backup could not start: ") + sqlite3_errmsg(destination), code);
  }
  BackupOutcome outcome;
  int last_remaining = -1;
  int rc = SQLITE_OK;
  while (rc == SQLITE_OK || rc == SQLITE_BUSY || rc == SQLITE_LOCKED) {
    const bool single_step = outcome.restarts >= options.restarts_before_single_step;
    rc = sqlite3_backup_step(backup, single_step ? -1 : options.pages_per_step);
    ++outcome.steps;
    const int remaining = sqlite3_backup_remaining(backup);
    // SQLite starts over when another connection wrote meanwhile: the pages
    // left to copy grow again.
    if (last_remaining >= 0 && remaining > last_remaining) ++outcome.restarts;
    last_remaining = remaining;
    if (rc == SQLITE_DONE) break;
    std::this_thread::sleep_for(options.pause_between_steps);
  }
  outcome.pages = sqlite3_backup_pagecount(backup);
  const int finish_rc = sqlite3_backup_finish(backup);
  if (rc != SQLITE_DONE) {
    return db::db_failure(kind_of(rc), std::string("backup failed: ") + sqlite3_errstr(rc), rc);
  }
  if (finish_rc != SQLITE_OK) {
    return db::db_failure(kind_of(finish_rc), std::string("backup failed: ") + sqlite3_errmsg(destination), finish_rc);
  }
  return outcome;
}

}  // namespace

db::DbResult<std::string> integrity_check(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return db::db_failure(db::DbErrorKind::cannot_open, "no file at " + path);
  // Read-write: a copy flagged for WAL needs its -shm file, which a
  // read-only connection may not create.
  auto connection = db::open_sqlite(path, db::ConnectionOptions{5000, false});
  if (!connection) return unexpected(connection.error());
  auto query = connection->query("PRAGMA integrity_check");
  if (!query) return unexpected(query.error());
  auto has_row = query->step();
  if (!has_row) return unexpected(has_row.error());
  if (!*has_row) return db::db_failure(db::DbErrorKind::other, "integrity_check returned nothing");
  return query->row().text(0);
}

db::DbResult<BackupOutcome> backup_database(const std::string& source, const std::string& destination,
                                            const BackupOptions& options) {
  std::error_code ec;
  if (std::filesystem::exists(destination, ec)) {
    return db::db_failure(db::DbErrorKind::conflict, destination + " already exists; choose a new file name");
  }
  if (!std::filesystem::exists(source, ec)) {
    return db::db_failure(db::DbErrorKind::cannot_open, "no database file at " + source);
  }
  if (auto empty = db::refuse_empty_file(source); !empty) return unexpected(empty.error());
  const std::string partial = destination + ".partial";
  std::filesystem::remove(partial, ec);

  auto remove_partial = [&] {
    for (const char* suffix : {"", "-wal", "-shm", "-journal"}) std::filesystem::remove(partial + suffix, ec);
  };
  db::DbResult<BackupOutcome> outcome = db::db_failure(db::DbErrorKind::other, "backup did not run");
  {
    auto from = open_raw(source, SQLITE_OPEN_READONLY, options.busy_timeout_ms);
    if (!from) return unexpected(from.error());
    auto to = open_raw(partial, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, options.busy_timeout_ms);
    if (!to) {
      remove_partial();
      return unexpected(to.error());
    }
    outcome = copy_pages(from->get(), to->get(), options);
  }
  if (!outcome) {
    remove_partial();
    return outcome;
  }
  auto integrity = integrity_check(partial);
  if (!integrity || *integrity != "ok") {
    remove_partial();
    if (!integrity) return unexpected(integrity.error());
    return db::db_failure(db::DbErrorKind::corrupt, "the copy failed PRAGMA integrity_check: " + *integrity);
  }
  outcome->integrity = *integrity;
  std::filesystem::rename(partial, destination, ec);
  if (ec) {
    remove_partial();
    return db::db_failure(db::DbErrorKind::io, "cannot rename the copy to " + destination + ": " + ec.message());
  }
  return outcome;
}

}  // namespace yunzi::admin
