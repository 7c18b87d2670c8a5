// Password guessing against the real server: a burst of wrong logins for one
// name checks no more passwords than the allowance, whatever arrives at
// once; guesses at other names from one address (a school or internet-cafe
// NAT) never lock out a correct password; a name guessed at from one
// address still logs in from another.
#include <catch2/catch.hpp>

#include "tests/e2e/abuse/burst_support.hpp"
#include "tests/e2e/server/server_fixture.hpp"
#include "tests/e2e/server/server_logs.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

// --login-limit-name-address's default: wrong passwords one address may try
// for one name before it waits.
constexpr int name_address_allowance = 5;

Json login(const std::string& name, const std::string& password) {
  return {{"type", "login"}, {"name", name}, {"password", password}};
}

}  // namespace

TEST_CASE("thirty wrong logins for one name sent at once check only the allowance", "[abuse][login]") {
  // The production hash cost: each check takes long enough that the whole
  // burst is in before the first one ends.
  ServerFixture fx(ServerOptions{{"--password-hash-cost", "interactive"}});
  Player target = fx.registered("target");

  const std::vector<Json> burst(30, login("target", "not the password"));
  const auto codes = reply_codes(send_at_once(fx.server.port(), burst));
  CHECK(codes.count("ok") == 0);
  CHECK(codes.count("bad_credentials") == 1);
  CHECK(codes.at("bad_credentials") == name_address_allowance);
  CHECK(codes.at("rate_limited") == 30 - name_address_allowance);

  // The owner, from the same address, waits too; everybody else is served.
  Player other = fx.registered("bystander");
  CHECK(other.fails(login("target", "correct-horse"))["code"] == "rate_limited");
  CHECK(other.ok({{"type", "user.info"}, {"name", "target"}})["user"]["name"] == "target");

  stop_cleanly(fx.server);
  // One log line per password checked and found wrong.
  CHECK(count_occurrences(fx.server.log_text(), "accounts: failed login name_key=target ") == name_address_allowance);
}

TEST_CASE("failed logins at other names from one address do not block a correct password", "[abuse][login]") {
  ServerFixture fx;
  Player student = fx.registered("student");
  auto cafe = connect_from(fx.server.port());
  for (int i = 0; i < 12; ++i) {
    CHECK(code_of(*cafe, login("nobody" + std::to_string(i), "wrong password")) == "bad_credentials");
  }
  Player again = fx.player("student");
  again.login();
}

TEST_CASE("beyond the address limit only names already guessed at wait", "[abuse][login]") {
  ServerFixture fx(ServerOptions{{"--login-limit-address", "3/3600"}});
  Player alice = fx.registered("alice");
  Player bob = fx.registered("bob");
  auto guesser = connect_from(fx.server.port());
  for (const char* name : {"ghost1", "ghost2", "ghost3"}) {
    CHECK(code_of(*guesser, login(name, "wrong password")) == "bad_credentials");
  }
  // The address has used its allowance: a name guessed at waits...
  CHECK(code_of(*guesser, login("ghost1", "wrong password")) == "rate_limited");
  // ...a name nobody guessed at is checked once, and then waits too.
  CHECK(code_of(*guesser, login("bob", "wrong password")) == "bad_credentials");
  CHECK(code_of(*guesser, login("bob", "wrong password")) == "rate_limited");
  // alice, behind the same address and never guessed at, logs in.
  Player alice_again = fx.player("alice");
  alice_again.login();
  CHECK(alice_again.ok({{"type", "user.info"}, {"name", "alice"}})["online"] == true);
}

TEST_CASE("a name guessed at from one address still logs in from another", "[abuse][login]") {
  ServerFixture fx(ServerOptions{{"--trusted-proxies", "127.0.0.1"}});
  Player alice = fx.registered("alice");
  auto attacker = connect_from(fx.server.port(), "198.51.100.1");
  for (int i = 0; i < name_address_allowance; ++i) {
    CHECK(code_of(*attacker, login("alice", "guess" + std::to_string(i))) == "bad_credentials");
  }
  CHECK(code_of(*attacker, login("alice", "guess-again")) == "rate_limited");
  auto home = connect_from(fx.server.port(), "198.51.100.2");
  CHECK(code_of(*home, login("alice", "correct-horse")) == "ok");
}
