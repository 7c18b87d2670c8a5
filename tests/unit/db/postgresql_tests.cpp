// What the PostgreSQL engine adds to the stores' shared tests: the spelling
// it is given, its schema versions, and its transactions. Cases tagged
// [.postgresql] need the server of tests/support/with-postgres (CTest's
// yunzi_db_tests_postgresql runs them with every store test).
#include <catch2/catch.hpp>
#include <cstdlib>
#include <future>
#include <optional>
#include <thread>

#include "db/database.hpp"
#include "db/migrations.hpp"
#include "db/postgresql.hpp"
#include "db/sql_stores.hpp"
#include "db/writer.hpp"
#include "tests/unit/db/temp_database.hpp"

using namespace yunzi;
using namespace yunzi::db;
using namespace yunzi::db::testing;

TEST_CASE("the stores' ? parameters reach PostgreSQL numbered, quoted text and comments untouched",
          "[db][postgresql]") {
  CHECK(postgres_numbered_parameters("SELECT a FROM t WHERE b = ? AND c = ?") ==
        "SELECT a FROM t WHERE b = $1 AND c = $2");
  CHECK(postgres_numbered_parameters("DELETE FROM m WHERE g = ?1 AND n > (SELECT c FROM g WHERE id = ?1)") ==
        "DELETE FROM m WHERE g = $1 AND n > (SELECT c FROM g WHERE id = $1)");
  // A plain ? after a numbered one takes the next number, as in SQLite.
  CHECK(postgres_numbered_parameters("VALUES (?2, ?1, ?)") == "VALUES ($2, $1, $3)");
  CHECK(postgres_numbered_parameters("SELECT '?', \"a?\" -- why?\n, ?") == "SELECT '?', \"a?\" -- why?\n, $1");
  CHECK(postgres_numbered_parameters("BEGIN") == "BEGIN");
  CHECK(postgres_numbered_parameters("SELECT E'it\\'s ?', '' /* don't? */ ?") ==
        "SELECT E'it\\'s ?', '' /* don't? */ $1");
  CHECK(postgres_numbered_parameters("SELECT 'a''?', ?") == "SELECT 'a''?', $1");
}

TEST_CASE("a database URL names the engine; the log never shows a password", "[db][postgresql]") {
  auto sqlite = parse_database_url("sqlite:var/yunzi.sqlite3");
  REQUIRE(sqlite);
  CHECK(sqlite->engine == Engine::sqlite);
  CHECK(sqlite->location == "var/yunzi.sqlite3");
  CHECK(describe(*sqlite) == "var/yunzi.sqlite3");
  auto bare = parse_database_url("/srv/yunzi.db");
  REQUIRE(bare);
  CHECK(bare->engine == Engine::sqlite);
  auto postgres = parse_database_url("postgresql://yunzi:s3cret@db.example:5432/yunzi");
  REQUIRE(postgres);
  CHECK(postgres->engine == Engine::postgresql);
  CHECK(describe(*postgres) == "postgresql://yunzi:***@db.example:5432/yunzi");
  CHECK(parse_database_url("postgres://h/db")->engine == Engine::postgresql);
  CHECK_FALSE(parse_database_url("mysql://h/db"));
  CHECK_FALSE(parse_database_url("sqlite:"));
}

TEST_CASE("both engines' migrations end at the same version, later ones in pairs", "[db][postgresql]") {
  const auto sqlite = embedded_migrations(Engine::sqlite);
  const auto postgres = embedded_migrations(Engine::postgresql);
  REQUIRE_FALSE(postgres.empty());
  CHECK(postgres.front().version == 15);
  CHECK(postgres.front().name == "baseline");
  CHECK(latest_version(sqlite) == latest_version(postgres));
  for (const Migration& later : postgres.subspan(1)) {
    INFO("migration " << later.version);
    REQUIRE(later.version <= latest_version(sqlite));
    CHECK(sqlite[static_cast<std::size_t>(later.version - 1)].name == later.name);
  }
}

TEST_CASE("a server that does not answer is cannot_open", "[db][postgresql]") {
  // Port 1 on loopback: nothing listens there.
  auto opened = open_postgresql("postgresql://yunzi@127.0.0.1:1/none?connect_timeout=2");
  REQUIRE_FALSE(opened);
  CHECK(opened.error().kind == DbErrorKind::cannot_open);
}

namespace {

void check_commit_refused(Transaction& tx, DbErrorKind kind) {
  auto committed = tx.commit();
  REQUIRE_FALSE(committed);
  CHECK(committed.error().kind == kind);
}

// A transaction that has changed ann's rank and is still open.
Transaction begin_ranking_ann(Connection& c, int rank_index) {
  auto tx = Transaction::begin(c);
  REQUIRE(tx);
  REQUIRE(c.execute("UPDATE users SET rank = ? WHERE name_key = 'ann'", rank_index));
  return std::move(*tx);
}

int rank_index_of(Stores& stores, const std::string& name_key) {
  auto user = stores.users().find_by_name_key(name_key);
  REQUIRE(user);
  REQUIRE(*user);
  return (*user)->rank.index();
}

DatabaseTarget fresh_postgres(const TempDir& dir) {
  DatabaseTarget target = fresh_test_database(dir);
  REQUIRE(target.engine == Engine::postgresql);
  return target;
}

}  // namespace

TEST_CASE("a new PostgreSQL database is migrated once and has one writer at a time", "[db][.postgresql]") {
  TempDir dir("yunzi-pg");
  const DatabaseTarget target = fresh_postgres(dir);
  // Two nodes starting together: the migration lock makes one wait for the
  // other, and the writer lock lets only one of them write.
  DbResult<Connection> first = db_failure(DbErrorKind::other, "not run");
  DbResult<Connection> second = db_failure(DbErrorKind::other, "not run");
  OpenOptions sole;
  sole.sole_writer = true;
  std::thread a([&] { first = open_database(target, sole); });
  std::thread b([&] { second = open_database(target, sole); });
  a.join();
  b.join();
  REQUIRE(first.has_value() != second.has_value());
  DbResult<Connection>& writer = first ? first : second;
  const DbError refused = first ? second.error() : first.error();
  INFO(refused.message);
  CHECK(refused.kind == DbErrorKind::locked);
  CHECK(*schema_version(*writer) == latest_version(embedded_migrations(Engine::postgresql)));
  auto reader = open_reader(target);
  REQUIRE(reader);
  auto written = reader->execute("CREATE TABLE scratch (n INTEGER)");
  REQUIRE_FALSE(written);
  CHECK_THAT(written.error().message, Catch::Contains("read-only"));
  // The lock goes with its connection.
  writer = db_failure(DbErrorKind::other, "closed");
  CHECK(open_database(target, sole));
}

TEST_CASE("a PostgreSQL database newer than the binary is refused and left alone", "[db][.postgresql]") {
  TempDir dir("yunzi-pg");
  const DatabaseTarget target = fresh_postgres(dir);
  {
    Connection connection = open_migrated(target);
    REQUIRE(connection.set_schema_version(99));
  }
  auto refused = open_database(target);
  REQUIRE_FALSE(refused);
  CHECK(refused.error().kind == DbErrorKind::newer_schema);
  auto reader = open_reader(target);
  REQUIRE_FALSE(reader);
  CHECK(reader.error().kind == DbErrorKind::newer_schema);
  auto look = open_postgresql(target.location);
  REQUIRE(look);
  CHECK(*look->schema_version() == 99);
}

TEST_CASE("PostgreSQL refuses text it cannot keep, and the connection goes on", "[db][.postgresql]") {
  TempDatabase db;
  const UserId ann = create_user(db.stores(), "ann").id;
  const UserId ben = create_user(db.stores(), "ben").id;
  auto nul = db.stores().messages().add(NewMessage{ann, ben, std::string("a\0b", 3), 1'000});
  REQUIRE_FALSE(nul);
  CHECK(nul.error().kind == DbErrorKind::invalid_argument);
  auto invalid_utf8 = db.stores().messages().add(NewMessage{ann, ben, "\xff\xfe", 1'000});
  REQUIRE_FALSE(invalid_utf8);
  CHECK(invalid_utf8.error().kind == DbErrorKind::invalid_argument);
  CHECK(db.stores().messages().add(NewMessage{ann, ben, "\xe5\x9b\xb4\xe6\xa3\x8b", 1'000}));
}

TEST_CASE("a PostgreSQL transaction a failed statement aborted does not commit quietly", "[db][.postgresql]") {
  TempDatabase db;
  Connection& c = db.connection();
  create_user(db.stores(), "ann");
  {
    Transaction tx = begin_ranking_ann(c, 20);
    // The second "ann" breaks the unique key: PostgreSQL aborts the transaction.
    CHECK_FALSE(db.stores().users().create(sample_user("ann")));
    check_commit_refused(tx, DbErrorKind::conflict);
  }
  CHECK_FALSE(c.in_transaction());
  CHECK(rank_index_of(db.stores(), "ann") == 15);  // the update went with the transaction
  {
    // Inside a savepoint the failure is undone alone and the rest commits.
    Transaction tx = begin_ranking_ann(c, 20);
    {
      auto inner = Transaction::begin(c);
      REQUIRE(inner);
      CHECK_FALSE(db.stores().users().create(sample_user("ann")));
    }
    REQUIRE(tx.commit());
  }
  CHECK(rank_index_of(db.stores(), "ann") == 20);
}

namespace {

// The test server's own control (tests/support/with-postgres).
void postgres_ctl(const std::string& action) {
  const char* ctl = std::getenv("YUNZI_TEST_POSTGRES_CTL");
  REQUIRE(ctl);
  REQUIRE(std::system((std::string(ctl) + " " + action).c_str()) == 0);
}

}  // namespace

TEST_CASE("a PostgreSQL restart fails the transaction it cut short, and the connection comes back",
          "[db][.postgresql]") {
  TempDatabase db;
  Connection& c = db.connection();
  create_user(db.stores(), "ann");
  {
    Transaction tx = begin_ranking_ann(c, 20);
    postgres_ctl("restart");
    auto cut = c.execute("UPDATE users SET rank = 21 WHERE name_key = 'ann'");
    REQUIRE_FALSE(cut);
    CHECK(cut.error().kind == DbErrorKind::io);
    // Not even a statement that would work on a new connection runs inside
    // the lost transaction: its first half is gone.
    CHECK(c.execute("SELECT 1").error().kind == DbErrorKind::io);
    auto committed = tx.commit();
    REQUIRE_FALSE(committed);
    CHECK(committed.error().kind == DbErrorKind::io);
    CHECK_FALSE(committed.error().outcome_unknown);  // the loss was found before it: nothing of it was stored
  }
  CHECK_FALSE(c.in_transaction());
  CHECK(rank_index_of(db.stores(), "ann") == 15);
  CHECK(db.stores().users().create(sample_user("ben")));
  {
    // The loss found by the ROLLBACK that ends a failed transaction: the
    // transaction is over all the same, and the next one begins afresh.
    auto tx = Transaction::begin(c);
    REQUIRE(tx);
    CHECK_FALSE(db.stores().users().create(sample_user("ben")));
    postgres_ctl("restart");
  }
  CHECK_FALSE(c.in_transaction());
  {
    Transaction tx = begin_ranking_ann(c, 22);
    REQUIRE(tx.commit());
  }
  CHECK(rank_index_of(db.stores(), "ann") == 22);
  {
    // The COMMIT is what finds the loss. The server might have stored the transaction just before it went; a new
    // connection asks, and finds that the restart came first.
    Transaction tx = begin_ranking_ann(c, 23);
    postgres_ctl("restart");
    auto committed = tx.commit();
    REQUIRE_FALSE(committed);
    CHECK(committed.error().kind == DbErrorKind::io);
    CHECK_FALSE(committed.error().outcome_unknown);
    CHECK_THAT(committed.error().message, Catch::Contains("was not stored"));
  }
  CHECK_FALSE(c.in_transaction());
  CHECK(rank_index_of(db.stores(), "ann") == 22);
}

namespace {

std::string setting_seen_by(Connection& c, const std::string& name) {
  auto shown = c.query("SELECT current_setting('" + name + "')");
  REQUIRE(shown);
  auto row = shown->step();
  REQUIRE(row);
  REQUIRE(*row);
  return shown->row().text(0);
}

std::int64_t count_of(Connection& c, const std::string& sql) {
  auto counted = c.query(sql);
  REQUIRE(counted);
  auto row = counted->step();
  REQUIRE(row);
  REQUIRE(*row);
  return counted->row().integer(0);
}

// Commits wait for a synchronous standby that is not there while it lives; however the test ends, commits stop
// waiting and no session is left waiting.
struct CommitsWaitingForNobody {
  explicit CommitsWaitingForNobody(Connection& admin) : admin(admin) {
    REQUIRE(admin.run_script("ALTER SYSTEM SET synchronous_standby_names = 'nobody'"));
    REQUIRE(admin.run_script("SELECT pg_reload_conf()"));
  }
  ~CommitsWaitingForNobody() {
    (void)admin.run_script("ALTER SYSTEM RESET synchronous_standby_names");
    (void)admin.run_script("SELECT pg_reload_conf()");
  }
  Connection& admin;
};

}  // namespace

TEST_CASE("a COMMIT stored just before its connection was cut is found stored, and reported so", "[db][.postgresql]") {
  TempDatabase db;
  Connection& c = db.connection();
  create_user(db.stores(), "ann");
  auto admin = open_postgresql(*test_postgres_server());
  REQUIRE(admin);
  // Commits now wait for a synchronous standby that is not there: the transaction is stored on the server, and
  // its COMMIT waits for an answer.
  std::optional<CommitsWaitingForNobody> waiting_commits(std::in_place, *admin);
  for (int i = 0; i < 100 && setting_seen_by(c, "synchronous_standby_names") != "nobody"; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  REQUIRE(setting_seen_by(c, "synchronous_standby_names") == "nobody");
  Transaction tx = begin_ranking_ann(c, 21);
  auto committing = std::async(std::launch::async, [&] { return tx.commit(); });
  const std::string waiting = "SELECT count(*) FROM pg_stat_activity WHERE wait_event = 'SyncRep'";
  for (int i = 0; i < 250 && count_of(*admin, waiting) == 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  REQUIRE(count_of(*admin, waiting) == 1);
  // The session is ended under the waiting COMMIT, then commits stop waiting.
  REQUIRE(admin->run_script("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE wait_event = 'SyncRep'"));
  waiting_commits.reset();

  auto committed = committing.get();
  INFO((committed ? std::string() : committed.error().message));
  REQUIRE(committed);
  CHECK_FALSE(c.in_transaction());
  CHECK(rank_index_of(db.stores(), "ann") == 21);
}

TEST_CASE("a writer on PostgreSQL fails while the server is down and its probe finds it back", "[db][.postgresql]") {
  TempDir dir("yunzi-pg");
  const DatabaseTarget target = fresh_postgres(dir);
  Writer writer(open_migrated(target), std::chrono::milliseconds(250), std::chrono::milliseconds(20));
  const auto run = [&](const std::string& name) {
    std::promise<DbResult<yunzi::Done>> outcome;
    writer.submit(
        [name](Stores& stores) -> DbResult<yunzi::Done> {
          auto created = stores.users().create(sample_user(name));
          if (!created) return yunzi::unexpected(created.error());
          return yunzi::Done{};
        },
        [&](DbResult<yunzi::Done> r) { outcome.set_value(std::move(r)); });
    return outcome.get_future().get();
  };
  REQUIRE(run("before"));
  postgres_ctl("stop");
  const auto refused = run("during");
  const WriterHealth down = writer.health();
  postgres_ctl("start");
  REQUIRE_FALSE(refused);
  // The BEGIN found the old connection dead and a new one refused.
  CHECK(refused.error().kind == DbErrorKind::cannot_open);
  CHECK(down.failing);
  CHECK(down.reason.kind == DbErrorKind::cannot_open);
  for (int i = 0; i < 1000 && writer.health().failing; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  CHECK_FALSE(writer.health().failing);
  REQUIRE(run("after"));
  writer.shutdown();
  auto reader = open_reader(target);
  REQUIRE(reader);
  SqlStores stores(*reader);
  CHECK(*stores.users().find_by_name_key("before"));
  CHECK_FALSE(*stores.users().find_by_name_key("during"));
  CHECK(*stores.users().find_by_name_key("after"));
}

TEST_CASE("a writer on PostgreSQL always commits on its own thread", "[db][.postgresql]") {
  TempDir dir("yunzi-pg");
  const DatabaseTarget target = fresh_postgres(dir);
  Writer writer(open_migrated(target));
  std::promise<std::thread::id> ran_on;
  writer.submit(
      [](Stores& stores) -> DbResult<yunzi::Done> {
        auto created = stores.users().create(sample_user("queued"));
        if (!created) return yunzi::unexpected(created.error());
        return yunzi::Done{};
      },
      [&](DbResult<yunzi::Done> r) { ran_on.set_value(r ? std::this_thread::get_id() : std::thread::id{}); },
      Writer::Where::here_when_idle);
  const std::thread::id committer = ran_on.get_future().get();
  CHECK(committer != std::thread::id{});
  CHECK(committer != std::this_thread::get_id());
}
