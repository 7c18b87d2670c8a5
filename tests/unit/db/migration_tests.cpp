#include <unistd.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <set>

#include "db/database.hpp"
#include "tests/unit/db/temp_database.hpp"

using namespace yunzi;
using namespace yunzi::db;
using yunzi::db::testing::TempDir;

namespace {

OpenOptions short_wait() {
  OpenOptions options;
  options.busy_timeout_ms = 100;
  return options;
}

std::string read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

std::string single_text(Connection& c, const std::string& sql) {
  auto q = c.query(sql);
  REQUIRE(q);
  REQUIRE(*q->step());
  return q->row().text(0);
}

std::set<std::string> table_names(Connection& c) {
  std::set<std::string> names;
  auto q = c.query("SELECT name FROM sqlite_master WHERE type = 'table'");
  REQUIRE(q);
  while (*q->step()) names.insert(q->row().text(0));
  return names;
}

// A plain file made by SQLite itself, not by yunzi, at a chosen version.
void make_plain_database(const std::string& path, int user_version) {
  auto c = open_sqlite(path, {});
  REQUIRE(c);
  REQUIRE(c->run_script("CREATE TABLE foreign_stuff (x); PRAGMA user_version = " + std::to_string(user_version)));
}

}  // namespace

TEST_CASE("a missing file is created at the newest schema with the connection pragmas set", "[db][migrations]") {
  TempDir dir;
  REQUIRE_FALSE(std::filesystem::exists(dir.file("new.db")));
  auto opened = open_database(dir.file("new.db"));
  REQUIRE(opened);
  Connection& c = *opened;
  CHECK(*schema_version(c) == static_cast<int>(embedded_migrations(db::Engine::sqlite).size()));
  CHECK(embedded_migrations(db::Engine::sqlite).size() >= 2);
  const auto tables = table_names(c);
  for (const char* table : {"users", "sessions", "games", "moves", "rank_events", "audit_log", "reports",
                            "retired_names", "rated_conversions", "short_game_flags", "boards"}) {
    CHECK(tables.count(table) == 1);
  }
  CHECK(single_text(c, "PRAGMA journal_mode") == "wal");
  CHECK(single_text(c, "PRAGMA synchronous") == "1");  // NORMAL
  CHECK(single_text(c, "PRAGMA foreign_keys") == "1");
}

TEST_CASE("a file at each earlier version is brought up to date and keeps its rows", "[db][migrations]") {
  const auto all = embedded_migrations(db::Engine::sqlite);
  for (std::size_t version = 0; version < all.size(); ++version) {
    DYNAMIC_SECTION("from version " << version) {
      TempDir dir;
      const std::string path = dir.file("old.db");
      {
        auto old = open_database(path, {}, all.first(version));
        REQUIRE(old);
        CHECK(*schema_version(*old) == static_cast<int>(version));
        if (version >= 1) {
          REQUIRE(
              old->execute("INSERT INTO users (name, name_key, password_hash, rank, created_ms) VALUES (?, ?, ?, ?, ?)",
                           "Old", "old", "h", 10, 1));
        }
      }
      auto current = open_database(path);
      REQUIRE(current);
      CHECK(*schema_version(*current) == static_cast<int>(all.size()));
      CHECK(table_names(*current).count("short_game_flags") == 1);
      if (version >= 1) CHECK(single_text(*current, "SELECT name FROM users") == "Old");
    }
  }
}

TEST_CASE("recommendations stored before the admins' queue count as approved when they were made", "[db][migrations]") {
  const auto all = embedded_migrations(db::Engine::sqlite);
  std::size_t queue = 0;
  while (queue < all.size() && all[queue].name != "admin_decisions") ++queue;
  REQUIRE(queue < all.size());
  TempDir dir;
  const std::string path = dir.file("old.db");
  {
    auto old = open_database(path, {}, all.first(queue));
    REQUIRE(old);
    for (const char* name : {"nine", "rising"}) {
      REQUIRE(old->execute(
          "INSERT INTO users (name, name_key, password_hash, rank, created_ms) VALUES (?, ?, 'h', 27, 1)", name, name));
    }
    REQUIRE(old->execute(
        "INSERT INTO recommendations (recommender_id, user_id, former_rank, at_ms) VALUES (1, 2, 19, 5000)"));
  }
  auto current = open_database(path);
  REQUIRE(current);
  SqlStores stores(*current);
  auto standing = stores.ranks().standing_recommendation_of(2);
  REQUIRE(standing);
  REQUIRE(standing->has_value());
  CHECK((*standing)->status == RecommendationStatus::approved);
  CHECK((*standing)->decided_ms == 5000);
  CHECK_FALSE((*standing)->decided_by.has_value());
  CHECK(table_names(*current).count("short_game_reviews") == 1);
}

TEST_CASE("games ended before the winner column read back the same results and the same profile counts",
          "[db][migrations]") {
  const auto all = embedded_migrations(db::Engine::sqlite);
  std::size_t winner = 0;
  while (winner < all.size() && all[winner].name != "game_winner") ++winner;
  REQUIRE(winner < all.size());
  struct OldGame {
    bool kuro_black;
    const char* result;  // nullptr: still in play
    const char* reason;
  };
  const std::vector<OldGame> old_games = {
      {true, "B+R", "resignation"}, {true, "W+T", "time"},     {false, "W+0.5", "count"},  {true, "0", "count"},
      {true, "Void", "aborted"},    {false, "B+F", "forfeit"}, {true, "B+12.25", "count"}, {true, nullptr, nullptr}};
  TempDir dir;
  const std::string path = dir.file("old.db");
  {
    auto old = open_database(path, {}, all.first(winner));
    REQUIRE(old);
    for (const char* name : {"kuro", "shiro"}) {
      REQUIRE(old->execute(
          "INSERT INTO users (name, name_key, password_hash, rank, created_ms) VALUES (?, ?, 'h', 15, 1)", name, name));
    }
    for (const OldGame& g : old_games) {
      const std::optional<std::string> result = g.result ? std::optional<std::string>(g.result) : std::nullopt;
      const std::optional<std::string> reason = g.reason ? std::optional<std::string>(g.reason) : std::nullopt;
      REQUIRE(old->execute(
          "INSERT INTO games (black_id, white_id, black_rank, white_rank, settings_json, rated, handicap, komi, size, "
          "time_system, status, result, reason, started_ms, ended_ms) "
          "VALUES (?, ?, 15, 15, '{}', 1, 0, 7.5, 19, 'none', ?, ?, ?, 1000, ?)",
          g.kuro_black ? 1 : 2, g.kuro_black ? 2 : 1, std::string(result ? "ended" : "playing"), result, reason,
          result ? std::optional<std::int64_t>(2000) : std::nullopt));
    }
  }
  auto current = open_database(path);
  REQUIRE(current);
  SqlStores stores(*current);
  for (std::size_t i = 0; i < old_games.size(); ++i) {
    const OldGame& g = old_games[i];
    INFO("game " << i + 1 << ": " << (g.result ? g.result : "in play"));
    auto loaded = stores.games().load(static_cast<GameId>(i + 1));
    REQUIRE(loaded);
    REQUIRE(loaded->has_value());
    const auto& result = (*loaded)->game.result;
    if (!g.result) {
      CHECK_FALSE(result);
      continue;
    }
    REQUIRE(result);
    CHECK(to_sgf(*result) == g.result);
    CHECK(to_string(result->how) == g.reason);
  }
  // kuro won B+R and B+12.25 as Black and W+0.5 as White, lost W+T as Black and B+F as White.
  auto kuro = stores.games().profile(1);
  REQUIRE(kuro);
  REQUIRE(kuro->has_value());
  CHECK((*kuro)->wins == 3);
  CHECK((*kuro)->losses == 2);
  auto shiro = stores.games().profile(2);
  REQUIRE(shiro);
  REQUIRE(shiro->has_value());
  CHECK((*shiro)->wins == 2);
  CHECK((*shiro)->losses == 3);
  CHECK(single_text(*current,
                    "SELECT group_concat(COALESCE(winner, '-'), ',') FROM (SELECT winner FROM games ORDER BY id)") ==
        "black,white,white,-,-,black,black,-");
}

TEST_CASE("migrations are numbered without gaps", "[db][migrations]") {
  const auto all = embedded_migrations(db::Engine::sqlite);
  for (std::size_t i = 0; i < all.size(); ++i) CHECK(all[i].version == static_cast<int>(i) + 1);
  const Migration gap[] = {{1, "first", "CREATE TABLE a (x);"}, {3, "third", "CREATE TABLE b (x);"}};
  TempDir dir;
  auto refused = open_database(dir.file("gap.db"), {}, gap);
  REQUIRE_FALSE(refused);
  CHECK(refused.error().kind == DbErrorKind::invalid_argument);
}

TEST_CASE("a failing migration leaves the file at the previous version", "[db][migrations]") {
  const auto all = embedded_migrations(db::Engine::sqlite);
  std::vector<Migration> broken(all.begin(), all.end());
  broken.push_back({static_cast<int>(all.size()) + 1, "broken", "CREATE TABLE fine (x); CREATE TABLE users (x);"});
  TempDir dir;
  const std::string path = dir.file("broken.db");
  auto refused = open_database(path, {}, broken);
  REQUIRE_FALSE(refused);
  CHECK(refused.error().message.find("broken") != std::string::npos);
  auto reopened = open_database(path);
  REQUIRE(reopened);
  CHECK(*schema_version(*reopened) == static_cast<int>(all.size()));
  CHECK(table_names(*reopened).count("fine") == 0);
}

TEST_CASE("a database newer than the binary is refused and left untouched", "[db][migrations]") {
  TempDir dir;
  const std::string path = dir.file("future.db");
  const int future = static_cast<int>(embedded_migrations(db::Engine::sqlite).size()) + 5;
  make_plain_database(path, future);
  const std::string before = read_bytes(path);
  auto refused = open_database(path);
  REQUIRE_FALSE(refused);
  CHECK(refused.error().kind == DbErrorKind::newer_schema);
  CHECK(refused.error().message.find(std::to_string(future)) != std::string::npos);
  CHECK(read_bytes(path) == before);
  CHECK_FALSE(std::filesystem::exists(path + "-wal"));
  auto plain = open_sqlite(path, {});
  REQUIRE(plain);
  CHECK(single_text(*plain, "PRAGMA journal_mode") == "delete");
}

TEST_CASE("a file that is not a database is refused as corrupt and left untouched", "[db][migrations]") {
  TempDir dir;
  const std::string path = dir.file("garbage.db");
  {
    std::ofstream out(path, std::ios::binary);
    for (int i = 0; i < 4096; ++i) out.put(static_cast<char>((i * 131 + 7) & 0xff));
  }
  const std::string before = read_bytes(path);
  auto refused = open_database(path);
  REQUIRE_FALSE(refused);
  CHECK(refused.error().kind == DbErrorKind::corrupt);
  CHECK(read_bytes(path) == before);
}

TEST_CASE("an empty file is refused as corrupt and left untouched, never taken for a new database",
          "[db][migrations]") {
  TempDir dir;
  const std::string path = dir.file("emptied.db");
  { std::ofstream touch(path, std::ios::binary); }
  auto refused = open_database(path);
  REQUIRE_FALSE(refused);
  CHECK(refused.error().kind == DbErrorKind::corrupt);
  CHECK(refused.error().message.find(path) != std::string::npos);
  CHECK(refused.error().message.find("empty") != std::string::npos);
  CHECK(exit_code_for(refused.error()) == exit_code_for(DbError{DbErrorKind::corrupt, 0, ""}));
  CHECK(std::filesystem::file_size(path) == 0);
  CHECK_FALSE(std::filesystem::exists(path + "-wal"));
  CHECK_FALSE(std::filesystem::exists(path + "-shm"));
  CHECK_FALSE(std::filesystem::exists(path + "-journal"));
}

TEST_CASE("a directory that cannot be written is a cannot_open error", "[db][migrations]") {
  TempDir dir;
  SECTION("missing directory") {
    auto refused = open_database(dir.file("missing/sub/yunzi.db"));
    REQUIRE_FALSE(refused);
    CHECK(refused.error().kind == DbErrorKind::cannot_open);
    CHECK(refused.error().message.find("missing/sub/yunzi.db") != std::string::npos);
  }
  SECTION("a file where the directory should be") {
    std::ofstream(dir.file("plain_file")) << "x";
    auto refused = open_database(dir.file("plain_file/yunzi.db"));
    REQUIRE_FALSE(refused);
    CHECK(refused.error().kind == DbErrorKind::cannot_open);
  }
  SECTION("a read-only directory (meaningful only without root's override)") {
    if (geteuid() != 0) {
      std::filesystem::create_directory(dir.path() / "ro");
      std::filesystem::permissions(dir.path() / "ro",
                                   std::filesystem::perms::owner_read | std::filesystem::perms::owner_exec);
      auto refused = open_database(dir.file("ro/yunzi.db"));
      REQUIRE_FALSE(refused);
      CHECK(refused.error().kind == DbErrorKind::cannot_open);
      CHECK_FALSE(std::filesystem::exists(dir.path() / "ro" / "yunzi.db"));
    }
  }
}

TEST_CASE("a file locked by another process's write is a locked error, then opens once free", "[db][migrations]") {
  TempDir dir;
  const std::string path = dir.file("locked.db");
  make_plain_database(path, 0);
  auto holder = open_sqlite(path, {});
  REQUIRE(holder);
  REQUIRE(holder->run_script("BEGIN EXCLUSIVE; INSERT INTO foreign_stuff VALUES (1);"));
  auto refused = open_database(path, short_wait());
  REQUIRE_FALSE(refused);
  CHECK(refused.error().kind == DbErrorKind::locked);
  REQUIRE(holder->run_script("ROLLBACK"));
  auto opened = open_database(path, short_wait());
  REQUIRE(opened);
  CHECK(*schema_version(*opened) == static_cast<int>(embedded_migrations(db::Engine::sqlite).size()));
}

TEST_CASE("each start-up failure kind has its own exit code", "[db][migrations]") {
  std::set<int> codes;
  for (DbErrorKind kind : {DbErrorKind::cannot_open, DbErrorKind::corrupt, DbErrorKind::locked,
                           DbErrorKind::newer_schema, DbErrorKind::io}) {
    codes.insert(exit_code_for(DbError{kind, 0, ""}));
  }
  CHECK(codes.size() == 5);
  CHECK(codes.count(0) == 0);
  CHECK(codes.count(1) == 0);
}

TEST_CASE("a reader connection sees committed rows and cannot write", "[db][migrations]") {
  TempDir dir;
  const std::string path = dir.file("r.db");
  auto writer = open_database(path);
  REQUIRE(writer);
  REQUIRE(writer->execute("INSERT INTO users (name, name_key, password_hash, rank, created_ms) VALUES (?, ?, ?, ?, ?)",
                          "R", "r", "h", 5, 1));
  auto reader = open_reader(path);
  REQUIRE(reader);
  CHECK(single_text(*reader, "SELECT name FROM users") == "R");
  auto write = reader->execute("DELETE FROM users");
  REQUIRE_FALSE(write);
  CHECK(write.error().kind == DbErrorKind::cannot_open);
}

TEST_CASE("audit entries of the database commands lose their false actor in the upgrade", "[db][migrations]") {
  const auto all = embedded_migrations(db::Engine::sqlite);
  TempDir dir;
  const std::string path = dir.file("audit.db");
  {
    auto old = open_database(path, {}, all.first(3));
    REQUIRE(old);
    REQUIRE(old->execute("INSERT INTO users (name, name_key, password_hash, rank, created_ms) VALUES (?, ?, ?, ?, ?)",
                         "root", "root", "h", 10, 1));
    REQUIRE(
        old->execute("INSERT INTO audit_log (actor_id, action, target_user_id, detail, at_ms) VALUES (1, ?, 1, ?, 2)",
                     "db create-admin", "user -> admin"));
    REQUIRE(
        old->execute("INSERT INTO audit_log (actor_id, action, target_user_id, reason, at_ms) VALUES (1, ?, 1, ?, 3)",
                     "admin.kick", "stalling"));
  }
  auto current = open_database(path);
  REQUIRE(current);
  CHECK(single_text(*current, "SELECT actor_name FROM audit_log WHERE id = 1") == "local operator");
  CHECK(single_text(*current, "SELECT COALESCE(actor_id, 'none') FROM audit_log WHERE id = 1") == "none");
  CHECK(single_text(*current, "SELECT actor_id FROM audit_log WHERE id = 2") == "1");
  CHECK(single_text(*current, "SELECT reason FROM audit_log WHERE id = 2") == "stalling");
}

TEST_CASE("games stored with their settings as JSON keep the same settings after the upgrade", "[db][migrations]") {
  const auto all = embedded_migrations(db::Engine::sqlite);
  std::size_t columns = 0;
  while (columns < all.size() && all[columns].name != "game_settings") ++columns;
  REQUIRE(columns < all.size());
  TempDir dir;
  const std::string path = dir.file("old.db");
  {
    auto old = open_database(path, {}, all.first(columns));
    REQUIRE(old);
    for (const char* name : {"kuro", "shiro"}) {
      REQUIRE(old->execute(
          "INSERT INTO users (name, name_key, password_hash, rank, created_ms) VALUES (?, ?, 'h', 20, 1)", name, name));
    }
    const std::string insert =
        "INSERT INTO games (black_id, white_id, black_rank, white_rank, settings_json, rated, handicap, komi, size, "
        "time_system, time_main_s, time_periods, time_period_s, time_stones, time_increment_s, time_max_s, "
        "started_ms, clock_state) VALUES (1, 2, 20, 20, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1000, 'c')";
    // As the server wrote them: the whole settings object, and the clock again as columns.
    REQUIRE(old->execute(insert,
                         R"({"color":"black","handicap":0,"ko":"simple","komi":6.5,"rated":false,"size":13,)"
                         R"("time":{"increment_s":10,"main_s":600,"max_s":1200,"system":"fischer"}})",
                         false, 0, 6.5, 13, "fischer", 600, 0, 0, 0, 10, 1200));
    REQUIRE(old->execute(insert,
                         R"({"color":"auto","handicap":1,"ko":"positional","komi":0.5,"rated":true,"size":19,)"
                         R"("time":{"main_s":300,"period_s":60,"stones":20,"system":"canadian"}})",
                         true, 1, 0.5, 19, "canadian", 300, 0, 60, 20, 0, 0));
    // Rows written by hand or by tests: no colour or ko rule, or no JSON at all.
    REQUIRE(old->execute(insert, "{}", true, 0, 7.5, 19, "byoyomi", 1200, 3, 30, 0, 0, 0));
    REQUIRE(old->execute(insert, "not json", true, 0, 7.5, 9, "none", 0, 0, 0, 0, 0, 0));
  }
  auto current = open_database(path);
  REQUIRE(current);
  SqlStores stores(*current);
  const auto game = [&](GameId id) {
    auto loaded = stores.games().load(id);
    REQUIRE(loaded);
    REQUIRE(loaded->has_value());
    return (*loaded)->game;
  };

  const GameRecord fischer = game(1);
  CHECK(fischer.settings.color == yunzi::ColorChoice::black);
  CHECK(fischer.settings.ko == yunzi::KoRule::simple);
  CHECK_FALSE(fischer.settings.rated);
  CHECK(fischer.settings.size == 13);
  CHECK(fischer.settings.komi == 6.5);
  CHECK(fischer.settings.time == yunzi::TimeControl::fischer(600'000, 10'000, 1'200'000));

  const GameRecord canadian = game(2);
  CHECK(canadian.settings.color == yunzi::ColorChoice::automatic);
  CHECK(canadian.settings.ko == yunzi::KoRule::positional);
  CHECK(canadian.settings.handicap == 1);
  CHECK(canadian.settings.time == yunzi::TimeControl::canadian(300'000, 20, 60'000));

  for (GameId id : {3, 4}) {
    const GameRecord plain = game(id);
    CHECK(plain.settings.color == yunzi::ColorChoice::automatic);
    CHECK(plain.settings.ko == yunzi::KoRule::situational);
  }
  CHECK(game(3).settings.time == yunzi::TimeControl::byoyomi(1'200'000, 3, 30'000));
  CHECK(game(4).settings.time == yunzi::TimeControl::none());

  CHECK(single_text(*current,
                    "SELECT CAST(count(*) AS TEXT) FROM pragma_table_info('games') "
                    "WHERE name = 'settings_json'") == "0");
  CHECK_FALSE(
      current->execute("INSERT INTO games (black_id, white_id, black_rank, white_rank, rated, handicap, komi, "
                       "size, time_system, started_ms, color_choice) VALUES (1, 2, 20, 20, 1, 0, 7.5, 19, "
                       "'none', 1, 'nigiri')"));
}

TEST_CASE("a review kept as one JSON text reads back the same positions, one row each", "[db][migrations]") {
  const auto all = embedded_migrations(db::Engine::sqlite);
  std::size_t rows = 0;
  while (rows < all.size() && all[rows].name != "analysis_positions") ++rows;
  REQUIRE(rows < all.size());
  TempDir dir;
  const std::string path = dir.file("old.db");
  {
    auto old = open_database(path, {}, all.first(rows));
    REQUIRE(old);
    // Users and games are as they are now: the stores write them.
    SqlStores old_stores(*old);
    const UserId a = testing::create_user(old_stores, "a").id;
    const UserId b = testing::create_user(old_stores, "b").id;
    const auto game = old_stores.games().create(testing::sample_game(a, b));
    REQUIRE(game);
    REQUIRE(*game == 1);
    const std::string kept = R"([{"move":0,"score":-6.5},{"move":1,"winrate":0.4,"best":[{"vertex":"D4"}]}])";
    for (const std::string& result : {kept, std::string(), std::string("not json")}) {
      REQUIRE(old->execute(
          "INSERT INTO analyses (game_id, engine, status, priority, requested_by, requested_ms, moves_done, "
          "moves_total, result) VALUES (1, ?, 'done', 1, 1, 1, 2, 2, ?)",
          "e" + std::to_string(result.size()), result));
    }
  }
  auto current = open_database(path);
  REQUIRE(current);
  SqlStores stores(*current);
  auto positions = stores.analyses().positions(1);
  REQUIRE(positions);
  const auto read = nlohmann::json::parse(*positions);
  REQUIRE(read.size() == 2);
  CHECK(read[0] == nlohmann::json::parse(R"({"move":0,"score":-6.5})"));
  CHECK(read[1]["best"][0]["vertex"] == "D4");
  // Nothing kept, or text that was no list of positions: none.
  CHECK(*stores.analyses().positions(2) == "[]");
  CHECK(*stores.analyses().positions(3) == "[]");
}
