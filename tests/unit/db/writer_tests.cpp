#include <atomic>
#include <catch2/catch.hpp>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "db/writer.hpp"
#include "tests/unit/db/temp_database.hpp"

using namespace yunzi;
using namespace yunzi::db;
using namespace yunzi::db::testing;

namespace {

// The writer gets the database's one write connection; the test reads beside it.
struct WriterFixture {
  TempDir dir;
  DatabaseTarget database = fresh_test_database(dir);
  Writer writer{open_migrated(database)};

  // No assertions inside: completions call this on the writer thread, and
  // Catch2 assertions belong to the test's thread. -1 means a failed read.
  std::int64_t count(const std::string& sql) {
    auto reader = open_reader(database);
    if (!reader) return -1;
    auto q = reader->query(sql);
    if (!q) return -1;
    auto stepped = q->step();
    if (!stepped || !*stepped) return -1;
    return q->row().integer(0);
  }
};

Writer::Work insert_user(const std::string& name) {
  return [name](Stores& stores) -> DbResult<yunzi::Done> {
    auto created = stores.users().create(sample_user(name));
    if (!created) return yunzi::unexpected(created.error());
    return yunzi::Done{};
  };
}

// Keeps the writer thread inside a work item of its own until the promise
// returned is set, so that what is submitted meanwhile queues. `done` is
// that item's completion.
std::promise<void> hold_writer_thread(
    Writer& writer, Writer::Completion done = [](DbResult<yunzi::Done>) {}) {
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  auto started = std::make_shared<std::promise<void>>();
  std::future<void> started_future = started->get_future();
  writer.submit(
      [released, started](Stores&) -> DbResult<yunzi::Done> {
        started->set_value();
        released.wait();
        return yunzi::Done{};
      },
      std::move(done));
  started_future.wait();
  return release;
}

// `threads` threads each submit `per_thread` new users (u<thread>_<i>),
// each where `where_of(thread, i)` says, and are joined; every completion
// that sees success counts in `succeeded`.
void insert_users_from_threads(Writer& writer, int threads, int per_thread, std::atomic<int>& succeeded,
                               const std::function<Writer::Where(int, int)>& where_of) {
  std::vector<std::thread> running;
  for (int t = 0; t < threads; ++t) {
    running.emplace_back([&, t] {
      for (int i = 0; i < per_thread; ++i) {
        writer.submit(
            insert_user("u" + std::to_string(t) + "_" + std::to_string(i)),
            [&](DbResult<yunzi::Done> r) { succeeded += r ? 1 : 0; }, where_of(t, i));
      }
    });
  }
  for (auto& thread : running) thread.join();
}

}  // namespace

TEST_CASE("a completion runs only after its change is committed and readable elsewhere", "[db][writer]") {
  WriterFixture f;
  std::promise<std::int64_t> seen;
  f.writer.submit(insert_user("durable"), [&](DbResult<yunzi::Done> result) {
    seen.set_value(result ? f.count("SELECT COUNT(*) FROM users WHERE name = 'durable'") : -2);
  });
  CHECK(seen.get_future().get() == 1);
}

TEST_CASE("work queued while a batch runs is committed together in the next batch", "[db][writer]") {
  WriterFixture f;
  std::promise<void> release = hold_writer_thread(f.writer);

  constexpr int producers = 4;
  constexpr int per_producer = 50;
  std::atomic<int> succeeded{0};
  insert_users_from_threads(f.writer, producers, per_producer, succeeded,
                            [](int, int) { return Writer::Where::queued; });
  CHECK(f.writer.stats().queue_depth == producers * per_producer);
  release.set_value();
  f.writer.shutdown();
  const WriterStats stats = f.writer.stats();
  CHECK(succeeded == producers * per_producer);
  CHECK(stats.queue_depth == 0);
  CHECK(stats.largest_batch == producers * per_producer);
  CHECK(stats.batches == 2);
  CHECK(stats.items_committed == producers * per_producer + 1);
  CHECK(stats.max_commit_us >= stats.last_commit_us);
  CHECK(stats.commit_seconds_total > 0);
  CHECK(f.count("SELECT COUNT(*) FROM users") == producers * per_producer);
}

TEST_CASE("a failing item is undone alone; the rest of its batch commits", "[db][writer]") {
  WriterFixture f;
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  f.writer.submit(
      [released](Stores&) -> DbResult<yunzi::Done> {
        released.wait();
        return yunzi::Done{};
      },
      [](DbResult<yunzi::Done>) {});
  std::vector<std::optional<bool>> outcomes(3);
  std::optional<DbErrorKind> failure;
  f.writer.submit(insert_user("first"), [&](DbResult<yunzi::Done> r) { outcomes[0] = r.has_value(); });
  f.writer.submit(
      [](Stores& stores) -> DbResult<yunzi::Done> {
        (void)stores.users().create(sample_user("half-done"));
        return db_failure(DbErrorKind::conflict, "refused after writing");
      },
      [&](DbResult<yunzi::Done> r) {
        outcomes[1] = r.has_value();
        if (!r) failure = r.error().kind;
      });
  f.writer.submit(insert_user("third"), [&](DbResult<yunzi::Done> r) { outcomes[2] = r.has_value(); });
  release.set_value();
  f.writer.shutdown();
  CHECK(outcomes[0] == true);
  CHECK(outcomes[1] == false);
  CHECK(failure == DbErrorKind::conflict);
  CHECK(outcomes[2] == true);
  CHECK(f.count("SELECT COUNT(*) FROM users WHERE name IN ('first', 'third')") == 2);
  CHECK(f.count("SELECT COUNT(*) FROM users WHERE name = 'half-done'") == 0);
  CHECK(f.writer.stats().items_failed == 1);
}

TEST_CASE(
    "a change that leaves nothing when it fails runs without a savepoint; one whose failure breaks the transaction "
    "fails its whole batch",
    "[db][writer]") {
  WriterFixture f;
  REQUIRE(f.count("SELECT COUNT(*) FROM users") == 0);
  const bool postgresql = f.database.engine == Engine::postgresql;
  // One batch: a change, a refusal that wrote nothing, a failed statement, another change.
  std::promise<void> release = hold_writer_thread(f.writer);
  std::vector<std::optional<DbErrorKind>> failures(5);
  std::vector<std::optional<bool>> outcomes(5);
  std::vector<bool> undone(5, false);
  const auto note = [&](int i) {
    return [&, i](DbResult<yunzi::Done> r) {
      outcomes[i] = r.has_value();
      if (!r) {
        failures[i] = r.error().kind;
        undone[i] = r.error().undone_with_batch;
      }
    };
  };
  f.writer.submit(insert_user("first"), note(0), Writer::Where::queued, Writer::Leaves::nothing);
  f.writer.submit([](Stores&) -> DbResult<yunzi::Done> { return db_failure(DbErrorKind::conflict, "refused"); },
                  note(1), Writer::Where::queued, Writer::Leaves::nothing);
  f.writer.submit(insert_user("second"), note(2));
  // The same name again: a unique index refuses the statement, which on PostgreSQL aborts the transaction.
  f.writer.submit(insert_user("first"), note(3), Writer::Where::queued, Writer::Leaves::nothing);
  f.writer.submit(insert_user("third"), note(4));
  release.set_value();
  f.writer.shutdown();

  CHECK(outcomes[1] == false);
  CHECK(failures[1] == DbErrorKind::conflict);
  CHECK(outcomes[3] == false);
  CHECK(failures[3] == DbErrorKind::constraint);
  if (postgresql) {
    // Nothing of the batch is stored: the failures keep their own errors, the rest are told they were undone with
    // it, to be sent again.
    for (int i : {0, 2, 4}) {
      INFO(i);
      CHECK(outcomes[i] == false);
      CHECK(failures[i] == DbErrorKind::other);
      CHECK(undone[i]);
    }
    CHECK_FALSE(undone[1]);
    CHECK_FALSE(undone[3]);
    CHECK(f.count("SELECT COUNT(*) FROM users") == 0);
  } else {
    // SQLite goes on after a failed statement: the refusals fail alone.
    CHECK(failures[1] == DbErrorKind::conflict);
    for (int i : {0, 2, 4}) {
      INFO(i);
      CHECK(outcomes[i] == true);
    }
    CHECK(f.count("SELECT COUNT(*) FROM users") == 3);
  }
  CHECK(f.writer.stats().items_failed == (postgresql ? 5u : 2u));
}

TEST_CASE("an item whose statement fails inside its own savepoint fails alone, on either engine", "[db][writer]") {
  WriterFixture f;
  std::promise<bool> first;
  f.writer.submit(insert_user("taken"), [&](DbResult<yunzi::Done> r) { first.set_value(r.has_value()); });
  REQUIRE(first.get_future().get());
  std::promise<void> release = hold_writer_thread(f.writer);
  std::vector<std::optional<bool>> outcomes(3);
  std::optional<DbErrorKind> refused;
  f.writer.submit(insert_user("before"), [&](DbResult<yunzi::Done> r) { outcomes[0] = r.has_value(); });
  f.writer.submit(insert_user("taken"), [&](DbResult<yunzi::Done> r) {
    outcomes[1] = r.has_value();
    if (!r) refused = r.error().kind;
  });
  f.writer.submit(insert_user("after"), [&](DbResult<yunzi::Done> r) { outcomes[2] = r.has_value(); });
  release.set_value();
  f.writer.shutdown();
  CHECK(outcomes[0] == true);
  CHECK(outcomes[1] == false);
  CHECK(refused == DbErrorKind::constraint);
  CHECK(outcomes[2] == true);
  CHECK(f.count("SELECT COUNT(*) FROM users WHERE name IN ('before', 'after', 'taken')") == 3);
}

TEST_CASE("a lone item that fails is undone whole, and the disk is not blamed", "[db][writer]") {
  WriterFixture f;
  for (const auto where : {Writer::Where::queued, Writer::Where::here_when_idle}) {
    std::promise<DbErrorKind> refused;
    f.writer.submit_for<yunzi::Done>(
        [](Stores& stores) -> DbResult<yunzi::Done> {
          (void)stores.users().create(sample_user("half-done"));
          return db_failure(DbErrorKind::conflict, "refused after writing");
        },
        [&](DbResult<yunzi::Done> r) { refused.set_value(r ? DbErrorKind::other : r.error().kind); }, where);
    CHECK(refused.get_future().get() == DbErrorKind::conflict);
  }
  CHECK(f.count("SELECT COUNT(*) FROM users WHERE name = 'half-done'") == 0);
  const WriterStats stats = f.writer.stats();
  CHECK(stats.items_failed == 2);
  CHECK(stats.commit_failures == 0);
  CHECK(stats.write_failures == 0);
  CHECK_FALSE(f.writer.health().failing);
  // The connection is left with no transaction open: the next change commits.
  std::promise<bool> next;
  f.writer.submit(insert_user("next"), [&](DbResult<yunzi::Done> r) { next.set_value(r.has_value()); });
  CHECK(next.get_future().get());
  CHECK(f.count("SELECT COUNT(*) FROM users WHERE name = 'next'") == 1);
}

TEST_CASE("an idle SQLite writer lets the caller commit its change itself", "[db][writer][sqlite]") {
  WriterFixture f;
  std::optional<std::thread::id> ran_on;
  std::optional<bool> succeeded;
  f.writer.submit(
      insert_user("here"),
      [&](DbResult<yunzi::Done> r) {
        ran_on = std::this_thread::get_id();
        succeeded = r.has_value();
      },
      Writer::Where::here_when_idle);
  // Already done, on this thread, and durable: another connection reads it.
  REQUIRE(succeeded == true);
  CHECK(ran_on == std::this_thread::get_id());
  CHECK(f.count("SELECT COUNT(*) FROM users WHERE name = 'here'") == 1);
  const WriterStats stats = f.writer.stats();
  CHECK(stats.batches == 1);
  CHECK(stats.items_committed == 1);
  CHECK(stats.queue_depth == 0);
}

TEST_CASE("a caller that would commit itself queues behind a busy writer, in order", "[db][writer]") {
  WriterFixture f;
  std::mutex order_mutex;
  std::vector<std::string> order;
  const auto note = [&](const std::string& what) {
    std::lock_guard lock(order_mutex);
    order.push_back(what);
  };
  std::promise<void> release = hold_writer_thread(f.writer, [&](DbResult<yunzi::Done>) { note("blocker"); });

  std::optional<std::thread::id> ran_on;
  std::promise<void> second_done;
  f.writer.submit(
      insert_user("second"),
      [&](DbResult<yunzi::Done> r) {
        ran_on = std::this_thread::get_id();
        note(r ? "second" : "second failed");
        second_done.set_value();
      },
      Writer::Where::here_when_idle);
  {
    std::lock_guard lock(order_mutex);
    CHECK(order.empty());  // the writer was busy: queued, not committed here
  }
  CHECK(f.writer.stats().queue_depth == 1);
  // Once something waits in the queue, later callers queue behind it too.
  f.writer.submit(
      insert_user("third"), [&](DbResult<yunzi::Done> r) { note(r ? "third" : "third failed"); },
      Writer::Where::here_when_idle);
  release.set_value();
  second_done.get_future().wait();
  f.writer.shutdown();
  CHECK(ran_on != std::this_thread::get_id());
  CHECK(order == std::vector<std::string>{"blocker", "second", "third"});
  CHECK(f.count("SELECT COUNT(*) FROM users WHERE name IN ('second', 'third')") == 2);
}

TEST_CASE("after a batch of several, callers queue until the writer commits a lone item again",
          "[db][writer][sqlite]") {
  WriterFixture f;
  std::promise<void> release = hold_writer_thread(f.writer);
  std::promise<void> pair_done;
  f.writer.submit(insert_user("pair1"), [](DbResult<yunzi::Done>) {});
  f.writer.submit(insert_user("pair2"), [&](DbResult<yunzi::Done>) { pair_done.set_value(); });
  release.set_value();
  pair_done.get_future().wait();
  REQUIRE(f.writer.stats().largest_batch == 2);

  // The writer is idle now, but its last batch held two: this one queues.
  std::promise<std::thread::id> queued_on;
  f.writer.submit(
      insert_user("queued"), [&](DbResult<yunzi::Done>) { queued_on.set_value(std::this_thread::get_id()); },
      Writer::Where::here_when_idle);
  CHECK(queued_on.get_future().get() != std::this_thread::get_id());
  // That was a lone batch: the next caller commits itself.
  std::optional<std::thread::id> here_on;
  f.writer.submit(
      insert_user("here"), [&](DbResult<yunzi::Done>) { here_on = std::this_thread::get_id(); },
      Writer::Where::here_when_idle);
  CHECK(here_on == std::this_thread::get_id());
}

TEST_CASE("callers committing themselves and the writer thread never use the connection at once", "[db][writer]") {
  WriterFixture f;
  constexpr int threads_count = 4;
  constexpr int per_thread = 60;
  std::atomic<int> succeeded{0};
  insert_users_from_threads(f.writer, threads_count, per_thread, succeeded, [](int thread, int i) {
    return (i + thread) % 2 == 0 ? Writer::Where::here_when_idle : Writer::Where::queued;
  });
  f.writer.shutdown();
  CHECK(succeeded == threads_count * per_thread);
  const WriterStats stats = f.writer.stats();
  CHECK(stats.items_committed == threads_count * per_thread);
  CHECK(stats.items_failed == 0);
  CHECK(f.count("SELECT COUNT(*) FROM users") == threads_count * per_thread);
}

TEST_CASE("after shutdown a caller that would commit itself is refused", "[db][writer]") {
  WriterFixture f;
  f.writer.shutdown();
  std::optional<DbErrorKind> refused;
  f.writer.submit(
      insert_user("late"), [&](DbResult<yunzi::Done> r) { refused = r.error().kind; }, Writer::Where::here_when_idle);
  CHECK(refused == DbErrorKind::stopped);
}

TEST_CASE("work can return a value", "[db][writer]") {
  WriterFixture f;
  std::promise<UserId> created;
  f.writer.submit_for<UserRecord>([](Stores& stores) { return stores.users().create(sample_user("valued")); },
                                  [&](DbResult<UserRecord> r) { created.set_value(r ? r->id : -1); });
  CHECK(created.get_future().get() > 0);
  std::promise<DbErrorKind> duplicate;
  f.writer.submit_for<UserRecord>(
      [](Stores& stores) { return stores.users().create(sample_user("valued")); },
      [&](DbResult<UserRecord> r) { duplicate.set_value(r ? DbErrorKind::other : r.error().kind); });
  CHECK(duplicate.get_future().get() == DbErrorKind::constraint);
}

TEST_CASE("shutdown commits everything queued, later work is refused", "[db][writer]") {
  WriterFixture f;
  std::atomic<int> done{0};
  for (int i = 0; i < 300; ++i) {
    f.writer.submit(insert_user("drain" + std::to_string(i)), [&](DbResult<yunzi::Done> r) { done += r ? 1 : 0; });
  }
  f.writer.shutdown();
  CHECK(done == 300);
  CHECK(f.count("SELECT COUNT(*) FROM users") == 300);
  std::optional<DbErrorKind> refused;
  f.writer.submit(insert_user("late"), [&](DbResult<yunzi::Done> r) { refused = r.error().kind; });
  CHECK(refused == DbErrorKind::stopped);
  f.writer.shutdown();  // twice is harmless
}

TEST_CASE("WAL checkpoints run off the writer thread and keep the log from growing", "[db][writer][sqlite]") {
  TempDir dir;
  const std::string path = dir.file("ckpt.db");
  Writer writer(open_migrated(path), std::chrono::milliseconds(10));
  for (int round = 0; round < 5; ++round) {
    std::promise<void> done;
    for (int i = 0; i < 200; ++i) writer.submit(insert_user("c" + std::to_string(round * 1000 + i)), [](auto) {});
    writer.submit([](Stores&) -> DbResult<yunzi::Done> { return yunzi::Done{}; }, [&](auto) { done.set_value(); });
    done.get_future().wait();
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
  }
  CHECK(writer.stats().checkpoints >= 3);
  // Once checkpointed, every row is in the main file: a copy of it alone,
  // without the -wal file, holds them.
  writer.shutdown();
  const std::string copy = dir.file("copy.db");
  std::filesystem::copy_file(path, copy);
  auto reader = open_sqlite(copy, {});
  REQUIRE(reader);
  auto q = reader->query("SELECT COUNT(*) FROM users");
  REQUIRE(q);
  REQUIRE(*q->step());
  CHECK(q->row().integer(0) == 1000);
}

TEST_CASE("a write the database refuses makes the writer failing until a write succeeds again",
          "[db][writer][sqlite]") {
  TempDir dir;
  const std::string path = dir.file("health.db");
  OpenOptions short_wait;
  short_wait.busy_timeout_ms = 100;
  auto connection = open_database(path, short_wait);
  REQUIRE(connection);
  Writer writer(std::move(*connection), std::chrono::milliseconds(250), std::chrono::milliseconds(20));
  std::mutex seen_mutex;
  std::vector<bool> seen;  // failing, as each change was reported
  writer.on_health_change([&](const WriterHealth& health) {
    std::lock_guard lock(seen_mutex);
    seen.push_back(health.failing);
  });
  const auto run = [&](Writer::Work work) {
    std::promise<DbResult<yunzi::Done>> outcome;
    writer.submit(std::move(work), [&](DbResult<yunzi::Done> r) { outcome.set_value(std::move(r)); });
    return outcome.get_future().get();
  };

  // Refused on its merits (a taken name): the disk is fine.
  REQUIRE(run(insert_user("taken")));
  CHECK(run(insert_user("taken")).error().kind == DbErrorKind::constraint);
  CHECK_FALSE(writer.health().failing);
  CHECK(writer.stats().write_failures == 0);

  // Another process holds the write lock past the busy timeout: nothing can be stored.
  auto holder = open_sqlite(path, {});
  REQUIRE(holder);
  REQUIRE(holder->run_script("BEGIN IMMEDIATE"));
  const auto refused = run(insert_user("blocked"));
  REQUIRE_FALSE(refused);
  CHECK(refused.error().kind == DbErrorKind::locked);
  const WriterHealth failing = writer.health();
  CHECK(failing.failing);
  CHECK(failing.reason.kind == DbErrorKind::locked);
  CHECK(writer.stats().write_failures == 1);

  // Free again: the probe write finds out with no work submitted.
  REQUIRE(holder->run_script("ROLLBACK"));
  for (int i = 0; i < 500 && writer.health().failing; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  CHECK_FALSE(writer.health().failing);
  CHECK(writer.stats().write_failures == 1);  // probes are not work: not counted
  REQUIRE(run(insert_user("after")));
  writer.shutdown();
  std::lock_guard lock(seen_mutex);
  CHECK(seen == std::vector<bool>{true, false});
}
