// A consistent copy of a live database file with SQLite's online backup API:
// the source is opened read-only and copied a chunk of pages at a time, so
// the server's writer is never held up; the copy is then checked with
// PRAGMA integrity_check before it takes its final name.
#pragma once

#include <chrono>
#include <string>

#include "db/error.hpp"

namespace yunzi::admin {

struct BackupOptions {
  int pages_per_step = 256;
  std::chrono::milliseconds pause_between_steps{5};
  // A write to the source restarts a chunked copy; after this many restarts
  // the rest is copied in one step (under one WAL read snapshot, which does
  // not block the writer either).
  int restarts_before_single_step = 3;
  int busy_timeout_ms = 5000;
};

struct BackupOutcome {
  int pages = 0;
  int steps = 0;
  int restarts = 0;
  std::string integrity;  // "ok"
};

// Refuses to overwrite an existing destination. The copy is written to
// "<destination>.partial" and renamed once it passed the check; a failed
// backup leaves no destination file.
db::DbResult<BackupOutcome> backup_database(const std::string& source, const std::string& destination,
                                            const BackupOptions& options = {});

// PRAGMA integrity_check of a file: "ok" or the first problem it lists.
db::DbResult<std::string> integrity_check(const std::string& path);

}  // namespace yunzi::admin
