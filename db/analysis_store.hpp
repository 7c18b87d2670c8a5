// The machine's reviews of finished games (migration 0021, `analyses`):
// requested by players, queued, claimed and run by review workers, kept with
// the game. One review per game and engine: asking again finds the one there is.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "db/error.hpp"
#include "db/records.hpp"

namespace yunzi::db {

enum class AnalysisStatus { queued, running, done, failed };
std::string_view to_string(AnalysisStatus status);
std::optional<AnalysisStatus> parse_analysis_status(std::string_view text);

struct AnalysisRecord {
  std::int64_t id = 0;
  GameId game = 0;
  std::string engine;
  AnalysisStatus status = AnalysisStatus::queued;
  int priority = 1;  // 0: asked by a player of the game
  UserId requested_by = 0;
  TimeMs requested_ms = 0;
  std::optional<UserId> worker;
  std::optional<TimeMs> started_ms, heard_ms, finished_ms;
  int board_size = 19;  // the game's, set when a run starts (reports are checked against it)
  int moves_done = 0, moves_total = 0;
  int attempts = 0;     // runs that ended without a result
  std::string failure;  // why it failed, once failed
};

// What one user may have asked for: open (queued or running) requests of
// theirs at once, new requests within a day; and reviews queued in all.
struct AnalysisCaps {
  int open_per_user = 3;
  int per_day = 20;
  int queue = 500;
};

// One analysed position as a worker reported it: its number and its JSON
// object (protocol/README.md), kept as it is.
struct ReportedPosition {
  int move = 0;
  std::string json;
};

struct NewAnalysis {
  GameId game = 0;
  std::string engine;
  int priority = 1;
  UserId requested_by = 0;
  TimeMs at_ms = 0;
};

class AnalysisStore {
 public:
  virtual ~AnalysisStore() = default;
  // The game's review by that engine: the one there is (a failed one queued
  // again), or a new one queued; `conflict` naming the cap when a new one
  // would pass one. A player's request raises a queued review's priority.
  virtual DbResult<AnalysisRecord> request(const NewAnalysis& review, const AnalysisCaps& caps) = 0;
  virtual DbResult<std::optional<AnalysisRecord>> find(GameId game, std::string_view engine) = 0;
  // The game's latest finished review by any engine.
  virtual DbResult<std::optional<AnalysisRecord>> latest_done(GameId game) = 0;
  // Reviews queued ahead of this one for its engine.
  virtual DbResult<std::int64_t> queued_before(const AnalysisRecord& review) = 0;
  // The review `worker` runs next, started over: the one it was running
  // (its link dropped, or the server restarted), else the first queued for
  // the engine, else one whose worker has not been heard from since
  // `stale_before`; none when there is none. A worker account runs one at a time.
  virtual DbResult<std::optional<AnalysisRecord>> claim(std::string_view engine, UserId worker, TimeMs at_ms,
                                                        TimeMs stale_before) = 0;
  virtual DbResult<AnalysisRecord> find_by_id(std::int64_t review) = 0;
  // A claimed run starts over: the game's board size and positions to
  // report, nothing reported yet; not_found unless `worker` runs it.
  virtual DbResult<Done> restart(std::int64_t review, UserId worker, int board_size, int total, TimeMs at_ms) = 0;
  // Keeps the positions (a position reported again replaces the earlier
  // one; the others stay) and hears from the worker; returns how many
  // positions the review has now. not_found unless `worker` runs it.
  virtual DbResult<int> report(std::int64_t review, UserId worker, std::span<const ReportedPosition> positions,
                               int total, TimeMs at_ms) = 0;
  // The positions reported so far, in order, as a JSON array text.
  virtual DbResult<std::string> positions(std::int64_t review) = 0;
  // Done, with the result reported so far; not_found unless `worker` runs it.
  virtual DbResult<AnalysisRecord> finish(std::int64_t review, UserId worker, TimeMs at_ms) = 0;
  // A run that ended without a result: queued again, or failed after `max_attempts` runs.
  virtual DbResult<AnalysisRecord> fail(std::int64_t review, UserId worker, std::string_view reason, int max_attempts,
                                        TimeMs at_ms) = 0;
  // The worker went away: what it ran is queued again. How many (0 or 1).
  virtual DbResult<std::int64_t> release(UserId worker) = 0;
};

}  // namespace yunzi::db
