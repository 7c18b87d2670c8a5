// The one writer: its thread owns the write connection and commits all queued work in one transaction (each item in
// its own savepoint unless it leaves nothing when it fails), then runs each completion, so a completion that sees
// success means the change is stored. Completions run on the writer thread, or on the caller's (Where::here_when_idle):
// post onward from there, since db/ knows nothing of Asio. Batches start in the order their work was submitted
// (db/README.md, "The writer thread").
#pragma once

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <thread>
#include <vector>

#include "db/checkpointer.hpp"
#include "db/connection.hpp"
#include "db/stores.hpp"

namespace yunzi::db {

struct WriterStats {
  std::size_t queue_depth = 0;
  std::uint64_t batches = 0;
  std::uint64_t items_committed = 0;  // items whose change was committed
  std::uint64_t items_failed = 0;     // items that returned an error or whose batch failed
  std::uint64_t commit_failures = 0;  // batches whose BEGIN or COMMIT failed
  // Batches the database refused to store (BEGIN or COMMIT failed, or an item
  // met a full disk, an I/O error, a lock held elsewhere): a disk problem,
  // where items_failed also counts work that was refused on its merits.
  std::uint64_t write_failures = 0;
  std::size_t largest_batch = 0;
  std::int64_t last_commit_us = 0;  // BEGIN to COMMIT of the latest batch
  std::int64_t max_commit_us = 0;
  double commit_seconds_total = 0;  // for a Prometheus summary: sum over batches
  std::uint64_t checkpoints = 0;    // WAL checkpoints done off the writer thread
};

// Whether writes reach the disk. A batch the database refuses (see
// WriterStats::write_failures) makes the writer failing, with that batch's
// error as the reason; the next batch stored makes it healthy again. While
// failing and idle the writer tries a probe write every probe_interval (it
// rewrites the schema version with its own value: a real write that changes
// nothing), so it recovers once the disk does even when nobody writes.
struct WriterHealth {
  bool failing = false;
  DbError reason;  // the latest refusal, while failing
};

class Writer {
 public:
  using HealthListener = std::function<void(const WriterHealth&)>;

  using Work = std::function<DbResult<Done>(Stores&)>;
  using Completion = std::function<void(DbResult<Done>)>;

  // Starts the thread; the connection should come from open_database.
  // WAL checkpoints run every checkpoint_interval on a thread of their own.
  explicit Writer(Connection connection, std::chrono::milliseconds checkpoint_interval = std::chrono::milliseconds(250),
                  std::chrono::milliseconds probe_interval = std::chrono::milliseconds(1000));
  Writer(const Writer&) = delete;
  ~Writer();

  // Where a change is committed. `queued`: in the writer thread's next batch. `here_when_idle`: on SQLite, when the
  // writer is idle, the caller's thread commits and runs the completion before submit() returns, sparing a lone
  // change two thread wake-ups; so only for callers whose completion just hands the result on. Otherwise, and always
  // on PostgreSQL (a commit there is a network round trip), it queues (db/README.md, "The writer thread").
  enum class Where { queued, here_when_idle };
  // What a change leaves written when it fails. `traces`: maybe part of it, so in a batch of several it runs in a
  // savepoint of its own. `nothing`: it is one statement, or undoes itself, so it runs without one (on PostgreSQL a
  // savepoint is two round trips more). A failure that leaves the batch's transaction unable to store anything more
  // (PostgreSQL's aborted transaction) fails the whole batch: that item and any that failed before it keep their
  // errors, the others get DbError::undone_with_batch (nothing stored, to be sent again).
  enum class Leaves { traces, nothing };

  // After shutdown() the completion is called at once, on the caller's
  // thread, with DbErrorKind::stopped.
  void submit(Work work, Completion done, Where where = Where::queued, Leaves leaves = Leaves::traces);

  // The same for work that produces a value.
  template <class T>
  void submit_for(std::function<DbResult<T>(Stores&)> work, std::function<void(DbResult<T>)> done,
                  Where where = Where::queued, Leaves leaves = Leaves::traces) {
    auto slot = std::make_shared<std::optional<DbResult<T>>>();
    Work produce = [work = std::move(work), slot](Stores& stores) -> DbResult<Done> {
      slot->emplace(work(stores));
      if (!slot->value()) return unexpected(slot->value().error());
      return Done{};
    };
    Completion hand_on = [done = std::move(done), slot](DbResult<Done> outcome) {
      if (!outcome) {
        done(unexpected(outcome.error()));
      } else {
        done(std::move(slot->value()));
      }
    };
    submit(std::move(produce), std::move(hand_on), where, leaves);
  }

  // Stops taking work, commits everything already queued, joins the thread.
  void shutdown();

  WriterStats stats() const;
  WriterHealth health() const;
  // Called on the writer thread whenever the writer turns failing or healthy
  // (for the log: db/ does not log). Set it before submitting work.
  void on_health_change(HealthListener listener);

 private:
  struct Item {
    Work work;
    Completion done;
    Leaves leaves = Leaves::traces;
  };

  void run();
  void commit_batch(std::span<Item> batch);
  // One item of a batch of several, so that its failure undoes it alone.
  DbResult<Done> run_in_savepoint(Item& item, Stores& stores);
  void probe();
  // Records whether the latest write reached the disk and tells the listener
  // when that changes the writer's health.
  void record_write(const std::optional<DbError>& refusal);
  // The recording part, with mutex_ held: returns the call the listener is
  // owed, to be made once the lock is released.
  std::function<void()> note_write_locked(const std::optional<DbError>& refusal);

  Connection connection_;
  Checkpointer checkpointer_;
  const std::chrono::milliseconds probe_interval_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::vector<Item> queue_;
  bool stopping_ = false;
  bool committing_ = false;  // a batch is being committed, by the writer thread or a caller
  bool last_batch_was_lone_ = true;
  const bool may_commit_here_;
  WriterStats stats_;
  WriterHealth health_;
  HealthListener health_listener_;
  std::thread thread_;  // last: starts after every other member exists
};

}  // namespace yunzi::db
