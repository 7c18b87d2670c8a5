#include "db/writer.hpp"

#include <chrono>
#include <vector>

#include "db/sqlite_stores.hpp"

namespace yunzi::db {

Writer::Writer(Connection connection, std::chrono::milliseconds checkpoint_interval)
    : connection_(std::move(connection)), checkpointer_(connection_, checkpoint_interval), thread_([this] { run(); }) {}

Writer::~Writer() { shutdown(); }

void Writer::submit(Work work, Completion done) {
  {
    std::lock_guard lock(mutex_);
    if (!stopping_) {
      queue_.push_back(Item{std::move(work), std::move(done)});
      stats_.queue_depth = queue_.size();
      // The writer sleeps only on an empty queue: once it holds items, the
      // writer is already awake or already woken.
      if (queue_.size() == 1) wake_.notify_one();
      return;
    }
  }
  done(db_failure(DbErrorKind::stopped, "the database writer has shut down"));
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

void Writer::run() {
  std::deque<Item> batch;
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping, and everything is drained
      batch.swap(queue_);
      stats_.queue_depth = 0;
    }
    commit_batch(batch);
    batch.clear();
  }
}

void Writer::commit_batch(std::deque<Item>& batch) {
  const auto started = std::chrono::steady_clock::now();
  SqliteStores stores(connection_);
  std::vector<DbResult<Done>> outcomes;
  outcomes.reserve(batch.size());
  std::optional<DbError> batch_error;

  auto tx = Transaction::begin(connection_);
  if (!tx) {
    batch_error = tx.error();
  } else {
    for (Item& item : batch) {
      auto savepoint = Transaction::begin(connection_);
      if (!savepoint) {
        outcomes.emplace_back(unexpected(savepoint.error()));
        continue;
      }
      DbResult<Done> outcome = item.work(stores);
      if (outcome) {
        auto released = savepoint->commit();
        if (!released) outcome = unexpected(released.error());
      } else {
        savepoint->rollback();
      }
      outcomes.push_back(std::move(outcome));
    }
    auto committed = tx->commit();
    if (!committed) batch_error = committed.error();
  }
  const auto elapsed_us =
      std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - started).count();

  if (batch_error) {
    // Nothing of the batch reached the disk, whatever each item returned.
    outcomes.assign(batch.size(), DbResult<Done>(unexpected(*batch_error)));
  }
  std::uint64_t committed_items = 0;
  for (const auto& outcome : outcomes) {
    if (outcome) ++committed_items;
  }
  {
    std::lock_guard lock(mutex_);
    ++stats_.batches;
    stats_.items_committed += committed_items;
    stats_.items_failed += batch.size() - committed_items;
    if (batch_error) ++stats_.commit_failures;
    if (batch.size() > stats_.largest_batch) stats_.largest_batch = batch.size();
    stats_.last_commit_us = elapsed_us;
    if (elapsed_us > stats_.max_commit_us) stats_.max_commit_us = elapsed_us;
    stats_.commit_seconds_total += static_cast<double>(elapsed_us) / 1e6;
  }
  // Only now, with the batch durable, does anyone hear about it.
  for (std::size_t i = 0; i < batch.size(); ++i) batch[i].done(std::move(outcomes[i]));
}

}  // namespace yunzi::db
