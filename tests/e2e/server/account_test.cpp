// Accounts through the real server: register, login, resume, logout, a name
// taken twice, wrong credentials, and requests that need a login.
#include <catch2/catch.hpp>

#include "tests/e2e/server/server_fixture.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

TEST_CASE("register, login on a second connection, resume on a third, logout", "[server][accounts]") {
  ServerFixture fx;
  Player alice = fx.player("alice");
  const Json registered = alice.register_account("5k");
  CHECK(registered["user"] == Json({{"name", "alice"}, {"rank", "5k"}, {"role", "user"}}));
  CHECK_FALSE(registered["token"].get<std::string>().empty());

  // Registration logged the connection in: a request that needs it works.
  const Json seek = alice.ok({{"type", "seek.create"}, {"settings", {{"size", 9}, {"rated", false}}}});
  CHECK(seek["seek"]["from"]["name"] == "alice");
  alice.ok({{"type", "seek.cancel"}, {"seek", seek["seek"]["id"]}});

  Player again = fx.player("alice");
  const Json logged_in = again.login();
  CHECK(logged_in["user"]["name"] == "alice");
  CHECK(logged_in["user"]["rank"] == "5k");
  CHECK(again.token() != registered["token"].get<std::string>());

  Player third = fx.player("alice");
  Json resume = third.ok({{"type", "resume"}, {"token", again.token()}});
  CHECK(resume["user"]["name"] == "alice");
  CHECK(resume["games"] == Json::array());

  third.ok({{"type", "logout"}});
  const Json after = third.fails({{"type", "seek.create"}, {"settings", {{"size", 9}, {"rated", false}}}});
  CHECK(after["code"] == "unauthenticated");
  // The other connections are still logged in.
  const Json ping = alice.ok({{"type", "ping"}, {"t", 5}});
  CHECK(ping["t"] == 5);
  CHECK(ping["time_ms"].is_number_integer());
}

TEST_CASE("a name is taken once; user names keep their spelling", "[server][accounts]") {
  ServerFixture fx;
  Player first = fx.registered("Zhang_San");
  Player second = fx.player("Zhang_San");
  const Json taken =
      second.fails({{"type", "register"}, {"name", "Zhang_San"}, {"password", "another-one"}, {"rank", "3k"}});
  CHECK(taken["code"] == "name_taken");
  // The failed attempt left the first account as it was.
  const Json info = second.ok({{"type", "user.info"}, {"name", "Zhang_San"}});
  CHECK(info["user"]["rank"] == "5k");
  // The connection is not logged in after a failed register.
  CHECK(second.fails({{"type", "seek.create"}})["code"] == "unauthenticated");
}

TEST_CASE("wrong password, unknown name and a bogus token are bad credentials", "[server][accounts]") {
  ServerFixture fx;
  Player bob = fx.registered("bob");
  Player other = fx.player("bob");
  CHECK(other.fails({{"type", "login"}, {"name", "bob"}, {"password", "not-his"}})["code"] == "bad_credentials");
  CHECK(other.fails({{"type", "login"}, {"name", "nobody"}, {"password", "whatever"}})["code"] == "bad_credentials");
  CHECK(other.fails({{"type", "resume"}, {"token", "no-such-token-at-all"}})["code"] == "bad_credentials");
  CHECK(other.fails({{"type", "register"}, {"name", "x y"}, {"password", "pw"}, {"rank", "5k"}})["code"] ==
        "bad_request");
  CHECK(other.fails({{"type", "challenge"}, {"to", "bob"}})["code"] == "unauthenticated");
  // After all that the right password still works on the same connection.
  other.login();
  CHECK(other.ok({{"type", "user.info"}, {"name", "bob"}})["online"] == true);
}

TEST_CASE("logging in again on a signed-in connection keeps the challenges and seeks waiting for it",
          "[server][accounts]") {
  ServerFixture fx;
  Player alice = fx.registered("alice");
  Player bob = fx.registered("bob");
  const Json seek = alice.ok({{"type", "seek.create"}, {"settings", {{"size", 9}, {"rated", false}}}});
  const Json sent = bob.ok({{"type", "challenge"}, {"to", "alice"}, {"settings", {{"size", 9}, {"rated", false}}}});
  alice.wait_event("challenge");

  alice.login();
  alice.resume();

  // Still online the whole time: the seek is listed and the challenge can be taken.
  bool seek_listed = false;
  const Json lobby = bob.ok({{"type", "lobby.watch"}});
  for (const Json& listed : lobby["seeks"]) {
    if (listed["id"] == seek["seek"]["id"]) seek_listed = true;
  }
  CHECK(seek_listed);
  const Json accepted = alice.ok({{"type", "challenge.accept"}, {"challenge", sent["challenge"]["id"]}});
  CHECK(accepted["game"].is_number_integer());
}
