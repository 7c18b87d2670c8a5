#include "db/writer.hpp"

#include <chrono>
#include <vector>

#include "db/migrations.hpp"
#include "db/sql_stores.hpp"

namespace yunzi::db {

namespace {

// Errors that say the database could not store anything, as opposed to
// work refused on its merits (a taken name, a move out of turn).
bool is_storage_failure(DbErrorKind kind) {
  switch (kind) {
    case DbErrorKind::io:
    case DbErrorKind::corrupt:
    case DbErrorKind::cannot_open:
    case DbErrorKind::locked: return true;
    default: return false;
  }
}

DbResult<Done> probe_write(Connection& connection) {
  auto tx = Transaction::begin(connection);
  if (!tx) return unexpected(tx.error());
  auto version = schema_version(connection);
  if (!version) return unexpected(version.error());
  // The database's own number, written back: a real write that changes nothing.
  auto rewritten = connection.set_schema_version(*version);
  if (!rewritten) return rewritten;
  return tx->commit();
}

}  // namespace

Writer::Writer(Connection connection, std::chrono::milliseconds checkpoint_interval,
               std::chrono::milliseconds probe_interval)
    : connection_(std::move(connection)),
      checkpointer_(connection_, checkpoint_interval),
      probe_interval_(probe_interval),
      may_commit_here_(connection_.engine() == Engine::sqlite),
      thread_([this] { run(); }) {}

Writer::~Writer() { shutdown(); }

void Writer::submit(Work work, Completion done, Where where, Leaves leaves) {
  Item item{std::move(work), std::move(done), leaves};
  bool commit_here = false;
  {
    std::lock_guard lock(mutex_);
    // A failing writer probes on its own thread; a caller would only meet the same error.
    commit_here = where == Where::here_when_idle && may_commit_here_ && !stopping_ && !committing_ && queue_.empty() &&
                  last_batch_was_lone_ && !health_.failing;
    if (commit_here) {
      committing_ = true;
    } else if (!stopping_) {
      queue_.push_back(std::move(item));
      stats_.queue_depth = queue_.size();
      // The writer sleeps only on an empty queue: once it holds items, the
      // writer is already awake or already woken.
      if (queue_.size() == 1) wake_.notify_one();
      return;
    }
  }
  if (!commit_here) {
    item.done(db_failure(DbErrorKind::stopped, "the database writer has shut down"));
    return;
  }
  commit_batch(std::span<Item>(&item, 1));
}

void Writer::shutdown() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_one();
  if (thread_.joinable()) thread_.join();
  checkpointer_.stop();
}

WriterStats Writer::stats() const {
  std::lock_guard lock(mutex_);
  WriterStats copy = stats_;
  copy.checkpoints = checkpointer_.checkpoints();
  return copy;
}

WriterHealth Writer::health() const {
  std::lock_guard lock(mutex_);
  return health_;
}

void Writer::on_health_change(HealthListener listener) {
  std::lock_guard lock(mutex_);
  health_listener_ = std::move(listener);
}

void Writer::run() {
  std::vector<Item> batch;
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      // A caller committing its own work holds the connection until it is done.
      const auto has_work = [this] { return (stopping_ || !queue_.empty()) && !committing_; };
      if (!health_.failing) {
        wake_.wait(lock, has_work);
      } else if (!wake_.wait_for(lock, probe_interval_, has_work)) {
        if (committing_) continue;
        committing_ = true;
        lock.unlock();
        probe();
        lock.lock();
        committing_ = false;
        continue;
      }
      if (queue_.empty()) return;  // stopping, and everything is drained
      batch.swap(queue_);
      stats_.queue_depth = 0;
      committing_ = true;
    }
    commit_batch(batch);
    batch.clear();
  }
}

void Writer::commit_batch(std::span<Item> batch) {
  const auto started = std::chrono::steady_clock::now();
  SqlStores stores(connection_);
  std::vector<DbResult<Done>> outcomes;
  outcomes.reserve(batch.size());
  std::optional<DbError> batch_error;

  auto tx = Transaction::begin(connection_);
  if (!tx) {
    batch_error = tx.error();
  } else {
    bool transaction_broken = false;
    for (Item& item : batch) {
      // A lone item needs no savepoint: the transaction is the item's own.
      const bool own_savepoint = batch.size() > 1 && item.leaves == Leaves::traces;
      outcomes.push_back(own_savepoint ? run_in_savepoint(item, stores) : item.work(stores));
      if (!outcomes.back() && (connection_.transaction_aborted() || !connection_.in_transaction())) {
        transaction_broken = true;
        break;
      }
    }
    if (transaction_broken) {
      // The failure took the transaction with it: what the items before it wrote goes too, and the items after
      // it could store nothing. Each keeps its own failure; the others hear that they were undone with the batch.
      const DbError& cause = outcomes.back().error();
      DbError undone{DbErrorKind::other, 0, "rolled back with its batch: " + cause.message};
      undone.unreachable = cause.unreachable;
      undone.undone_with_batch = true;
      tx->rollback();
      for (auto& outcome : outcomes) {
        if (outcome) outcome = DbResult<Done>(unexpected(undone));
      }
      outcomes.resize(batch.size(), DbResult<Done>(unexpected(undone)));
    } else if (batch.size() > 1 || outcomes.front()) {
      auto committed = tx->commit();
      if (!committed) batch_error = committed.error();
    } else {
      // A lone item that failed leaves nothing to commit. Rolled back now,
      // while this thread still holds the connection.
      tx->rollback();
    }
  }
  const auto elapsed_us =
      std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - started).count();

  if (batch_error) {
    // Nothing of the batch reached the disk, whatever each item returned.
    outcomes.assign(batch.size(), DbResult<Done>(unexpected(*batch_error)));
  }
  std::uint64_t committed_items = 0;
  std::optional<DbError> refusal = batch_error;
  for (const auto& outcome : outcomes) {
    if (outcome) {
      ++committed_items;
    } else if (!refusal && is_storage_failure(outcome.error().kind)) {
      refusal = outcome.error();
    }
  }
  std::function<void()> tell_listener;
  {
    std::lock_guard lock(mutex_);
    ++stats_.batches;
    stats_.items_committed += committed_items;
    stats_.items_failed += batch.size() - committed_items;
    if (batch_error) ++stats_.commit_failures;
    if (refusal) ++stats_.write_failures;
    if (batch.size() > stats_.largest_batch) stats_.largest_batch = batch.size();
    last_batch_was_lone_ = batch.size() == 1;
    stats_.last_commit_us = elapsed_us;
    if (elapsed_us > stats_.max_commit_us) stats_.max_commit_us = elapsed_us;
    stats_.commit_seconds_total += static_cast<double>(elapsed_us) / 1e6;
    tell_listener = note_write_locked(refusal);
  }
  // Before the connection is released, so that health changes reach the
  // listener in the order of the writes, whichever thread made them.
  if (tell_listener) tell_listener();
  {
    std::lock_guard lock(mutex_);
    committing_ = false;
    // Work queued while a caller committed its own waits for the writer thread.
    if (!queue_.empty() || stopping_) wake_.notify_one();
  }
  // Only now, with the batch durable, does anyone hear about it.
  for (std::size_t i = 0; i < batch.size(); ++i) batch[i].done(std::move(outcomes[i]));
}

DbResult<Done> Writer::run_in_savepoint(Item& item, Stores& stores) {
  auto savepoint = Transaction::begin(connection_);
  if (!savepoint) return unexpected(savepoint.error());
  DbResult<Done> outcome = item.work(stores);
  if (!outcome) {
    savepoint->rollback();
    return outcome;
  }
  auto released = savepoint->commit();
  if (!released) return unexpected(released.error());
  return outcome;
}

void Writer::probe() {
  auto written = probe_write(connection_);
  record_write(written ? std::nullopt : std::optional<DbError>(written.error()));
}

void Writer::record_write(const std::optional<DbError>& refusal) {
  std::function<void()> tell_listener;
  {
    std::lock_guard lock(mutex_);
    tell_listener = note_write_locked(refusal);
  }
  if (tell_listener) tell_listener();
}

std::function<void()> Writer::note_write_locked(const std::optional<DbError>& refusal) {
  const bool changed = health_.failing != refusal.has_value();
  health_.failing = refusal.has_value();
  health_.reason = refusal.value_or(DbError{});
  if (!changed || !health_listener_) return {};
  return [listener = health_listener_, now = health_] { listener(now); };
}

}  // namespace yunzi::db
