// Passwords and session tokens never reach the server's log: register, log
// in, resume, a wrong password, a name taken and a logout, all at the most
// talkative log level, then the whole log is searched for every secret used.
#include <catch2/catch.hpp>

#include "tests/e2e/server/server_fixture.hpp"
#include "tests/e2e/server/server_logs.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

TEST_CASE("no password or token in the log, even at trace level", "[server][logs]") {
  ServerFixture fx(ServerOptions{{"--log-level", "trace"}});
  const std::string password = "Kept-secret-4097";
  const std::string wrong_password = "Wrong-guess-5530";
  const std::string other_password = "Second-try-6614";

  Player first(fx.server.port(), "keeper", password);
  const std::string registered_token = first.register_account()["token"].get<std::string>();

  Player second(fx.server.port(), "keeper", password);
  const std::string login_token = second.login()["token"].get<std::string>();
  CHECK(login_token != registered_token);

  Player third(fx.server.port(), "keeper", password);
  CHECK(third.ok({{"type", "resume"}, {"token", registered_token}})["user"]["name"] == "keeper");

  Player guesser(fx.server.port(), "keeper", wrong_password);
  CHECK(guesser.fails({{"type", "login"}, {"name", "keeper"}, {"password", wrong_password}})["code"] ==
        "bad_credentials");
  const Json taken =
      guesser.fails({{"type", "register"}, {"name", "keeper"}, {"password", other_password}, {"rank", "5k"}});
  CHECK(taken["code"] == "name_taken");
  CHECK(guesser.fails({{"type", "resume"}, {"token", login_token + "x"}})["code"] == "bad_credentials");
  third.ok({{"type", "logout"}});

  stop_cleanly(fx.server);
  const std::string log = fx.server.log_text();
  // The events did reach the log (the search below is not over an empty file).
  REQUIRE(contains(log, "registered user=keeper"));
  REQUIRE(contains(log, "login user=keeper"));
  REQUIRE(contains(log, "failed login name_key=keeper"));
  for (const std::string& secret : {password, wrong_password, other_password, registered_token, login_token}) {
    INFO("secret: " << secret);
    CHECK_FALSE(contains(log, secret));
  }
}
