#include <atomic>
#include <catch2/catch.hpp>
#include <future>

#include "server/accounts/accounts.hpp"
#include "server/accounts/session_token.hpp"
#include "tests/unit/db/temp_database.hpp"

using namespace yunzi;
using namespace yunzi::accounts;
using yunzi::db::testing::TempDir;

namespace {

constexpr TimeMs day_ms = 24LL * 3600 * 1000;

// A real database, writer and hashing pool, with a clock the test moves.
struct AccountsFixture {
  TempDir dir;
  std::string path = dir.file("accounts.db");
  std::atomic<TimeMs> now{1'700'000'000'000};
  db::Writer writer{db::testing::open_migrated(path)};
  WorkerPool pool{2};
  Accounts accounts{writer, pool, [this] { return now.load(); }, options()};

  ~AccountsFixture() {
    pool.shutdown();
    writer.shutdown();
  }

  static AccountsOptions options() {
    AccountsOptions o;
    o.cost = PasswordCost::minimum();
    o.throttle = ThrottleOptions{{3, 1'000}, {6, 60'000}, {50, 1'000}, 1000};
    o.signups = SignupOptions{4, 1000};
    return o;
  }

  AccountResult<Authenticated> registered(std::string_view name, std::string password, std::string_view rank = "5k",
                                          std::string address = "1.2.3.4") {
    std::promise<AccountResult<Authenticated>> result;
    accounts.register_user(name, std::move(password), rank, std::move(address),
                           [&](AccountResult<Authenticated> r) { result.set_value(std::move(r)); });
    return result.get_future().get();
  }
  AccountResult<Authenticated> logged_in(std::string_view name, std::string password, std::string address = "1.2.3.4") {
    std::promise<AccountResult<Authenticated>> result;
    accounts.login(name, std::move(password), std::move(address),
                   [&](AccountResult<Authenticated> r) { result.set_value(std::move(r)); });
    return result.get_future().get();
  }
  AccountResult<Authenticated> resumed(std::string_view token) {
    std::promise<AccountResult<Authenticated>> result;
    accounts.resume(token, [&](AccountResult<Authenticated> r) { result.set_value(std::move(r)); });
    return result.get_future().get();
  }
  AccountResult<Done> logged_out(std::string_view token) {
    std::promise<AccountResult<Done>> result;
    accounts.logout(token, [&](AccountResult<Done> r) { result.set_value(std::move(r)); });
    return result.get_future().get();
  }
  AccountResult<std::vector<db::UserRecord>> retired() {
    std::promise<AccountResult<std::vector<db::UserRecord>>> result;
    accounts.retire_inactive([&](auto r) { result.set_value(std::move(r)); });
    return result.get_future().get();
  }
  void on_db(std::function<db::DbResult<Done>(db::Stores&)> work) {
    std::promise<bool> ok;
    writer.submit(std::move(work), [&](db::DbResult<Done> r) { ok.set_value(r.has_value()); });
    REQUIRE(ok.get_future().get());
  }
  std::int64_t user_count() {
    auto reader = db::open_reader(path);
    REQUIRE(reader);
    auto q = reader->query("SELECT COUNT(*) FROM users");
    REQUIRE(q);
    REQUIRE(*q->step());
    return q->row().integer(0);
  }
};

AccountErrorCode code_of(const AccountResult<Authenticated>& r) {
  REQUIRE_FALSE(r);
  return r.error().code;
}

}  // namespace

TEST_CASE("register, login, resume and logout", "[accounts]") {
  AccountsFixture f;
  auto reg = f.registered("Shusaku", "ear-reddening", "1d");
  REQUIRE(reg);
  CHECK(reg->user.name == "Shusaku");
  CHECK(reg->user.rank == Rank::dan(1));
  CHECK(reg->user.role == Role::user);
  CHECK(reg->token.size() == 43);
  CHECK(reg->expires_ms == f.now + 30 * day_ms);
  CHECK(reg->user.password_hash.rfind("$argon2id$", 0) == 0);

  auto login = f.logged_in("shusaku", "ear-reddening");
  REQUIRE(login);
  CHECK(login->user.id == reg->user.id);
  CHECK(login->token != reg->token);

  auto again = f.resumed(login->token);
  REQUIRE(again);
  CHECK(again->user.name == "Shusaku");
  REQUIRE(f.logged_out(login->token));
  CHECK(code_of(f.resumed(login->token)) == AccountErrorCode::bad_credentials);
  CHECK(f.logged_out(login->token).error().code == AccountErrorCode::bad_credentials);
  CHECK(f.resumed(reg->token));  // the other session lives on
}

TEST_CASE("names are unique ignoring ASCII case and Unicode composition", "[accounts]") {
  AccountsFixture f;
  REQUIRE(f.registered("Jos\xC3\xA9", "password1"));
  auto upper = f.registered("JOS\xC3\xA9", "password2");
  CHECK(code_of(upper) == AccountErrorCode::name_taken);
  CHECK(upper.error().message.find("taken") != std::string::npos);
  CHECK(code_of(f.registered("Jose\xCC\x81", "password3")) == AccountErrorCode::name_taken);
  auto login = f.logged_in("jose\xCC\x81", "password1");  // decomposed and lower case
  REQUIRE(login);
  CHECK(login->user.name == "Jos\xC3\xA9");
  CHECK(f.user_count() == 1);
}

TEST_CASE("Chinese names register and log in", "[accounts]") {
  AccountsFixture f;
  auto reg = f.registered("李昌镐", "石佛不动如山", "1d");
  REQUIRE(reg);
  CHECK(reg->user.name == "李昌镐");
  REQUIRE(f.logged_in("李昌镐", "石佛不动如山"));
  CHECK(code_of(f.logged_in("李昌镐", "wrong password")) == AccountErrorCode::bad_credentials);
}

TEST_CASE("hostile input is refused before the database, or stored verbatim through binding", "[accounts]") {
  AccountsFixture f;
  CHECK(code_of(f.registered("'; DROP TABLE users;--", "password1")) == AccountErrorCode::bad_request);
  CHECK(code_of(f.registered(std::string("nul\0name", 8), "password1")) == AccountErrorCode::bad_request);
  CHECK(code_of(f.registered(std::string(5000, 'n'), "password1")) == AccountErrorCode::bad_request);
  CHECK(code_of(f.registered("longpass", std::string(5000, 'p'))) == AccountErrorCode::bad_request);
  CHECK(code_of(f.registered("shortpass", "1234567")) == AccountErrorCode::bad_request);
  CHECK(code_of(f.registered("badrank", "password1", "2d")) == AccountErrorCode::bad_request);
  CHECK(f.user_count() == 0);
  const std::string quoted = "it's \"x\"'); DROP TABLE users;--";
  REQUIRE(f.registered("quoter", quoted));
  REQUIRE(f.logged_in("quoter", quoted));
  CHECK(code_of(f.logged_in("'; DROP TABLE users;--", quoted)) == AccountErrorCode::bad_credentials);
  CHECK(f.user_count() == 1);
}

TEST_CASE("wrong passwords and unknown names are bad credentials", "[accounts]") {
  AccountsFixture f;
  REQUIRE(f.registered("honest", "right-password"));
  auto wrong = f.logged_in("honest", "wrong-password");
  CHECK(code_of(wrong) == AccountErrorCode::bad_credentials);
  CHECK(wrong.error().message == "wrong name or password");
  auto unknown = f.logged_in("nobody", "right-password");
  CHECK(code_of(unknown) == AccountErrorCode::bad_credentials);
  CHECK(unknown.error().message == wrong.error().message);
}

TEST_CASE("repeated failures are rate limited until the delay passes", "[accounts]") {
  AccountsFixture f;
  REQUIRE(f.registered("target", "the-password"));
  for (int i = 0; i < 3; ++i)
    CHECK(code_of(f.logged_in("target", "guess" + std::to_string(i))) == AccountErrorCode::bad_credentials);
  auto limited = f.logged_in("TARGET", "the-password");
  CHECK(code_of(limited) == AccountErrorCode::rate_limited);
  CHECK(limited.error().message.find("try again in 1 s") != std::string::npos);
  // From another address the name's own allowance is not spent yet.
  REQUIRE(f.logged_in("target", "the-password", "5.6.7.8"));
  f.now += 1'000;
  REQUIRE(f.logged_in("target", "the-password"));
  // The right password gave its attempt back: the 3 wrong ones remain.
  CHECK(f.accounts.throttle().recent_failures_of_name("target", f.now) == 3);
}

TEST_CASE("wrong passwords at other names do not lock out a correct password from the same address", "[accounts]") {
  AccountsFixture f;
  REQUIRE(f.registered("student", "correct-password"));
  for (int i = 0; i < 60; ++i) {
    const auto code = code_of(f.logged_in("nobody" + std::to_string(i), "wrong-password", "10.0.0.1"));
    CHECK((code == AccountErrorCode::bad_credentials || code == AccountErrorCode::rate_limited));
  }
  REQUIRE(f.logged_in("student", "correct-password", "10.0.0.1"));
}

TEST_CASE("a lookalike of an existing name is name_taken and names the original", "[accounts]") {
  AccountsFixture f;
  REQUIRE(f.registered("alice", "password1"));
  for (const char* copy : {"ＡＬＩＣＥ", "𝐚𝐥𝐢𝐜𝐞", "Alice"}) {
    INFO(copy);
    auto refused = f.registered(copy, "password2");
    CHECK(code_of(refused) == AccountErrorCode::name_taken);
  }
  auto fullwidth = f.registered("ａｌｉｃｅ", "password2");
  CHECK(fullwidth.error().message == "the name ａｌｉｃｅ looks too much like the name alice, which is taken");
  CHECK(code_of(f.registered("\xD0\xB0lice", "password2")) == AccountErrorCode::bad_request);       // mixed scripts
  CHECK(code_of(f.registered("alice\xE3\x85\xA4", "password2")) == AccountErrorCode::bad_request);  // U+3164
  CHECK(f.user_count() == 1);
  REQUIRE(f.logged_in("alice", "password1"));
}

TEST_CASE("staff names are reserved at sign-up", "[accounts]") {
  AccountsFixture f;
  for (const char* name : {"admin", "Ad_min", "管理员", "系统", "ｓｙｓｔｅｍ"}) {
    INFO(name);
    auto refused = f.registered(name, "password1");
    CHECK(code_of(refused) == AccountErrorCode::name_taken);
    CHECK(refused.error().message.find("reserved") != std::string::npos);
  }
  CHECK(f.user_count() == 0);
}

TEST_CASE("one address signs up at most per_hour accounts an hour; failed sign-ups do not count", "[accounts]") {
  AccountsFixture f;  // 4 an hour
  REQUIRE(f.registered("first", "password1", "5k", "10.0.0.1"));
  CHECK(code_of(f.registered("first", "password1", "5k", "10.0.0.1")) == AccountErrorCode::name_taken);
  for (const char* name : {"second", "third", "fourth"}) REQUIRE(f.registered(name, "password1", "5k", "10.0.0.1"));
  auto refused = f.registered("fifth", "password1", "5k", "10.0.0.1");
  CHECK(code_of(refused) == AccountErrorCode::rate_limited);
  CHECK(refused.error().message == "too many new accounts from this address: at most 4 an hour; try again in 60 min");
  REQUIRE(f.registered("fifth", "password1", "5k", "10.0.0.2"));
  f.now += 3'600'001;
  REQUIRE(f.registered("sixth", "password1", "5k", "10.0.0.1"));
}

TEST_CASE("accounts stored before skeletons get theirs, the older of two lookalikes first", "[accounts]") {
  AccountsFixture f;
  // Rows as an older server wrote them: no skeleton, lookalikes allowed.
  f.on_db([](db::Stores& s) -> db::DbResult<Done> {
    for (const char* name : {"alice", "ａｌｉｃｅ", "alice\xE3\x85\xA4", "bob"}) {
      auto created =
          s.users().create(db::NewUser{name, name, "$argon2id$x", Rank::kyu(9), Role::user, 1, std::nullopt});
      if (!created) return unexpected(created.error());
    }
    return Done{};
  });
  std::promise<AccountResult<int>> filled;
  f.accounts.fill_name_skeletons([&](AccountResult<int> r) { filled.set_value(std::move(r)); });
  auto count = filled.get_future().get();
  REQUIRE(count);
  CHECK(*count == 2);  // alice and bob; the two copies of alice stay without
  auto reader = db::open_reader(f.path);
  REQUIRE(reader);
  auto q = reader->query("SELECT name FROM users WHERE name_skeleton IS NOT NULL ORDER BY id");
  REQUIRE(q);
  std::vector<std::string> with;
  while (*q->step()) with.push_back(q->row().text(0));
  CHECK(with == std::vector<std::string>{"alice", "bob"});
  CHECK(code_of(f.registered("ALICE", "password1")) == AccountErrorCode::name_taken);
}

TEST_CASE("expired and forged tokens do not resume; resume extends the session", "[accounts]") {
  AccountsFixture f;
  auto reg = f.registered("sleepy", "password1");
  REQUIRE(reg);
  f.now += 20 * day_ms;
  auto extended = f.resumed(reg->token);
  REQUIRE(extended);
  CHECK(extended->expires_ms == f.now + 30 * day_ms);
  f.now += 25 * day_ms;  // 45 days after registering, 25 after the resume
  REQUIRE(f.resumed(reg->token));
  f.now += 31 * day_ms;
  auto expired = f.resumed(reg->token);
  CHECK(code_of(expired) == AccountErrorCode::bad_credentials);
  CHECK(expired.error().message.find("expired") != std::string::npos);
  CHECK(code_of(f.resumed(reg->token)) == AccountErrorCode::bad_credentials);  // deleted
  CHECK(code_of(f.resumed(new_session_token().text)) == AccountErrorCode::bad_credentials);
  CHECK(code_of(f.resumed("not-a-token")) == AccountErrorCode::bad_credentials);
  CHECK(code_of(f.resumed("")) == AccountErrorCode::bad_credentials);
}

TEST_CASE("banned users cannot log in or resume", "[accounts]") {
  AccountsFixture f;
  auto reg = f.registered("rowdy", "password1");
  REQUIRE(reg);
  const UserId id = reg->user.id;
  const TimeMs until = f.now + day_ms;
  f.on_db([id, until](db::Stores& s) { return s.users().set_banned_until(id, until); });
  auto login = f.logged_in("rowdy", "password1");
  CHECK(code_of(login) == AccountErrorCode::banned);
  CHECK(code_of(f.resumed(reg->token)) == AccountErrorCode::banned);
  CHECK(code_of(f.logged_in("rowdy", "wrong-one")) == AccountErrorCode::bad_credentials);
  f.now += day_ms;
  REQUIRE(f.logged_in("rowdy", "password1"));
}

TEST_CASE("idle accounts are closed and their names can never be registered again", "[accounts]") {
  AccountsFixture f;
  REQUIRE(f.registered("OldTimer", "password1"));
  f.now += 2 * 365 * day_ms;
  REQUIRE(f.registered("newcomer", "password1"));
  f.now += 365 * day_ms + day_ms;
  auto closed = f.retired();
  REQUIRE(closed);
  REQUIRE(closed->size() == 1);
  CHECK((*closed)[0].name == "OldTimer");
  auto login = f.logged_in("OldTimer", "password1");
  CHECK(code_of(login) == AccountErrorCode::bad_credentials);
  auto again = f.registered("oldtimer", "password2");
  CHECK(code_of(again) == AccountErrorCode::name_taken);
  CHECK(again.error().message.find("retired") != std::string::npos);
  REQUIRE(f.logged_in("newcomer", "password1"));
}
