// Impersonation by name against the real server: invisible code points,
// full-width, mathematical and Cyrillic copies of an existing name, and
// staff-like names are refused at sign-up; Chinese, Japanese and Korean
// names keep working; and a database written before lookalikes were
// compared gets every name's skeleton at start, the older account of two
// lookalikes keeping it, while every old account still logs in by its name.
#include <catch2/catch.hpp>

#include "accounts/password_hash.hpp"
#include "db/database.hpp"
#include "db/migrations.hpp"
#include "tests/e2e/abuse/burst_support.hpp"
#include "tests/e2e/server/server_fixture.hpp"
#include "tests/e2e/server/server_logs.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

Json sign_up(const std::string& name) {
  return {{"type", "register"}, {"name", name}, {"password", "correct-horse"}, {"rank", "5k"}};
}

Json login(const std::string& name) { return {{"type", "login"}, {"name", name}, {"password", "correct-horse"}}; }

// The reply to a sign-up of `name` on a fresh connection: code and message.
std::pair<std::string, std::string> refusal_of(std::uint16_t port, const std::string& name) {
  auto ws = connect_from(port);
  auto reply = ws->request(sign_up(name), std::chrono::seconds(30));
  REQUIRE(reply);
  INFO(name << ": " << reply->dump());
  CHECK(reply->value("type", "") == "error");
  return {reply->value("code", ""), reply->value("message", "")};
}

}  // namespace

TEST_CASE("invisible, lookalike and staff names are refused at sign-up; CJK names work", "[abuse][names]") {
  ServerFixture fx;
  Player alice = fx.registered("alice");
  Player ace = fx.registered("ace");
  const auto port = fx.server.port();

  // "alice" followed by a code point that shows as nothing.
  for (const char* invisible : {"\xE3\x85\xA4" /* U+3164 */, "\xEF\xB8\x8F" /* U+FE0F */, "\xCD\x8F" /* U+034F */,
                                "\xE1\x85\x9F" /* U+115F */, "\xEF\xBE\xA0" /* U+FFA0 */, "\xE1\x9E\xB4" /* U+17B4 */,
                                "\xE1\xA0\x8B" /* U+180B */, "\xEF\xB8\x80" /* U+FE00 */}) {
    const auto [code, message] = refusal_of(port, std::string("alice") + invisible);
    CHECK(code == "bad_request");
    CHECK_THAT(message, Catch::Contains("invisible"));
  }
  // Copies that look like alice (or ace) in other code points.
  for (const char* copy : {"ａｌｉｃｅ", "𝐚𝐥𝐢𝐜𝐞", "ALICE", "\xD0\xB0\xD1\x81\xD0\xB5" /* Cyrillic асе */}) {
    const auto [code, message] = refusal_of(port, copy);
    CHECK(code == "name_taken");
    CHECK_THAT(message, Catch::Contains("the name"));
  }
  CHECK(refusal_of(port, "ａｌｉｃｅ").second ==
        "the name ａｌｉｃｅ looks too much like the name alice, which is taken");
  // Latin with a Cyrillic а: the mixture itself is refused.
  const auto mixed = refusal_of(port, "\xD0\xB0lice");
  CHECK(mixed.first == "bad_request");
  CHECK_THAT(mixed.second, Catch::Contains("mixes scripts"));
  // Staff names and their lookalikes.
  for (const char* staff : {"admin", "Ad_min", "ＳＹＳＴＥＭ", "moderator", "support", "yunzi", "管理员", "系统"}) {
    const auto [code, message] = refusal_of(port, staff);
    CHECK(code == "name_taken");
    CHECK_THAT(message, Catch::Contains("reserved"));
  }

  for (const char* name : {"李昌镐", "藤沢秀行", "이세돌"}) {
    INFO(name);
    Player player = fx.registered(name);
    Player again = fx.player(name);
    CHECK(again.login()["user"]["name"] == name);
  }
  // The originals are untouched.
  auto check = connect_from(port);
  CHECK(code_of(*check, login("alice")) == "ok");
  CHECK(code_of(*check, login("ace")) == "ok");
}

TEST_CASE("a database from before skeletons gets them at start; old lookalikes still log in", "[abuse][names]") {
  test_support::TempDir dir;
  ServerProcess server(dir.path());
  const std::string path = (server.data_dir() / "yunzi.sqlite3").string();
  {
    // Schema version 3, as the previous server left it, with lookalikes it let in.
    auto old = db::open_database(path, {}, db::embedded_migrations(db::Engine::sqlite).first(3));
    REQUIRE(old);
    const auto hash = accounts::hash_password("correct-horse", accounts::PasswordCost::minimum());
    REQUIRE(hash);
    for (const char* name : {"alice", "ａｌｉｃｅ", "alice\xE3\x85\xA4", "bob"}) {
      // Written without the skeleton column, as a version 3 file has none.
      REQUIRE(old->execute(
          "INSERT INTO users (name, name_key, password_hash, rank, role, created_ms) VALUES (?, ?, ?, ?, 'user', ?)",
          name, name, *hash, 10, 1));
    }
  }
  REQUIRE(server.start());
  const auto port = server.port();
  auto ws = connect_from(port);
  for (const char* name : {"alice", "ａｌｉｃｅ", "alice\xE3\x85\xA4", "bob"}) {
    INFO(name);
    CHECK(code_of(*ws, login(name)) == "ok");
  }
  for (const char* copy : {"ALICE", "𝐚𝐥𝐢𝐜𝐞", "ｂｏｂ"}) CHECK(refusal_of(port, copy).first == "name_taken");
  CHECK(code_of(*ws, sign_up("carol")) == "ok");

  // Started again, nothing is left to fill in but the two lookalikes, and all still works.
  stop_cleanly(server);
  CHECK(count_occurrences(server.log_text(), "accounts: name skeletons filled in count=2") == 1);
  CHECK(count_occurrences(server.log_text(), "its skeleton stays unset") == 2);
  REQUIRE(server.start());
  auto after = connect_from(server.port());
  CHECK(code_of(*after, login("ａｌｉｃｅ")) == "ok");
  CHECK(refusal_of(server.port(), "ALICE").first == "name_taken");
  stop_cleanly(server);
  auto reopened = db::open_reader(path);
  REQUIRE(reopened);
  CHECK(*db::schema_version(*reopened) == static_cast<int>(db::embedded_migrations(db::Engine::sqlite).size()));
}
