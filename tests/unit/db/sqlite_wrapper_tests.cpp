#include <catch2/catch.hpp>

#include "db/sqlite.hpp"
#include "tests/unit/db/temp_database.hpp"

using namespace yunzi;
using namespace yunzi::db;
using yunzi::db::testing::TempDir;

namespace {

Connection scratch(const TempDir& dir) {
  auto opened = open_sqlite(dir.file("scratch.db"), {});
  REQUIRE(opened);
  REQUIRE(opened->run_script("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT, n INTEGER, b BLOB)"));
  return std::move(*opened);
}

std::optional<std::string> text_of(Connection& c, std::int64_t id) {
  auto q = c.query("SELECT v FROM t WHERE id = ?", id);
  REQUIRE(q);
  auto stepped = q->step();
  REQUIRE(stepped);
  if (!*stepped) return std::nullopt;
  return q->row().text(0);
}

}  // namespace

TEST_CASE("a statement is prepared once and reused for every call with the same SQL", "[db][sqlite]") {
  TempDir dir;
  Connection c = scratch(dir);
  const std::size_t before = c.cached_statements();
  for (int i = 0; i < 50; ++i) REQUIRE(c.execute("INSERT INTO t (v, n) VALUES (?, ?)", "x", i));
  CHECK(c.cached_statements() == before + 1);
  auto q = c.query("SELECT COUNT(*), SUM(n) FROM t");
  REQUIRE(q);
  REQUIRE(*q->step());
  CHECK(q->row().integer(0) == 50);
  CHECK(q->row().integer(1) == 49 * 50 / 2);
}

TEST_CASE("values with quotes, SQL fragments and NUL bytes are stored verbatim through binding", "[db][sqlite]") {
  TempDir dir;
  Connection c = scratch(dir);
  const std::string hostile = "'; DROP TABLE t;--";
  const std::string with_nul("a\0b", 3);
  auto first = c.insert("INSERT INTO t (v) VALUES (?)", hostile);
  auto second = c.insert("INSERT INTO t (v) VALUES (?)", with_nul);
  REQUIRE(first);
  REQUIRE(second);
  CHECK(text_of(c, *first) == hostile);
  CHECK(text_of(c, *second) == with_nul);
  CHECK(text_of(c, *second)->size() == 3);
}

TEST_CASE("null, optional, real and blob parameters round-trip", "[db][sqlite]") {
  TempDir dir;
  Connection c = scratch(dir);
  const std::vector<std::uint8_t> bytes{0, 255, 7};
  std::optional<std::int64_t> none;
  auto id = c.insert("INSERT INTO t (v, n, b) VALUES (?, ?, ?)", std::nullopt, none, Blob{bytes});
  REQUIRE(id);
  auto q = c.query("SELECT v, n, b, ? FROM t WHERE id = ?", 2.5, *id);
  REQUIRE(q);
  REQUIRE(*q->step());
  CHECK(q->row().is_null(0));
  CHECK_FALSE(q->row().optional_integer(1).has_value());
  CHECK(q->row().blob(2) == bytes);
  CHECK(q->row().real(3) == 2.5);
}

TEST_CASE("the same SQL can run inside its own result loop", "[db][sqlite]") {
  TempDir dir;
  Connection c = scratch(dir);
  REQUIRE(c.execute("INSERT INTO t (n) VALUES (1), (2)"));
  const std::string sql = "SELECT n FROM t WHERE n >= ? ORDER BY n";
  auto outer = c.query(sql, 1);
  REQUIRE(outer);
  int pairs = 0;
  while (*outer->step()) {
    auto inner = c.query(sql, outer->row().integer(0));
    REQUIRE(inner);
    while (*inner->step()) ++pairs;
  }
  CHECK(pairs == 3);
}

TEST_CASE("errors come back as values with a message", "[db][sqlite]") {
  TempDir dir;
  Connection c = scratch(dir);
  auto bad_sql = c.execute("SELEC nonsense");
  REQUIRE_FALSE(bad_sql);
  CHECK(bad_sql.error().message.find("syntax error") != std::string::npos);
  REQUIRE(c.run_script("CREATE TABLE u (k TEXT UNIQUE)"));
  REQUIRE(c.execute("INSERT INTO u VALUES (?)", "a"));
  auto duplicate = c.execute("INSERT INTO u VALUES (?)", "a");
  REQUIRE_FALSE(duplicate);
  CHECK(duplicate.error().kind == DbErrorKind::constraint);
  auto too_many = c.execute("INSERT INTO u VALUES (?)", "b", "c");
  REQUIRE_FALSE(too_many);
}

TEST_CASE("a transaction commits, rolls back when dropped, and nests as savepoints", "[db][sqlite]") {
  TempDir dir;
  Connection c = scratch(dir);
  {
    auto tx = Transaction::begin(c);
    REQUIRE(tx);
    REQUIRE(c.execute("INSERT INTO t (id, v) VALUES (1, 'kept')"));
    {
      auto inner = Transaction::begin(c);
      REQUIRE(inner);
      REQUIRE(c.execute("INSERT INTO t (id, v) VALUES (2, 'undone')"));
    }  // dropped: only the inner insert is undone
    {
      auto inner = Transaction::begin(c);
      REQUIRE(inner);
      REQUIRE(c.execute("INSERT INTO t (id, v) VALUES (3, 'released')"));
      REQUIRE(inner->commit());
    }
    REQUIRE(tx->commit());
  }
  CHECK(text_of(c, 1) == "kept");
  CHECK_FALSE(text_of(c, 2).has_value());
  CHECK(text_of(c, 3) == "released");
  {
    auto tx = Transaction::begin(c);
    REQUIRE(tx);
    REQUIRE(c.execute("INSERT INTO t (id, v) VALUES (4, 'dropped')"));
  }
  CHECK_FALSE(text_of(c, 4).has_value());
  CHECK_FALSE(c.in_transaction());
}
