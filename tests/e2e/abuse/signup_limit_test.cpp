// Mass sign-ups from one address against the real server: a burst of
// registrations sent at once on many connections creates no more accounts
// than the hourly cap, the rest are refused with the limit in the message,
// and other addresses still sign up.
#include <catch2/catch.hpp>

#include "tests/e2e/abuse/burst_support.hpp"
#include "tests/e2e/server/server_fixture.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

Json sign_up(const std::string& name) {
  return {{"type", "register"}, {"name", name}, {"password", "correct-horse"}, {"rank", "5k"}};
}

}  // namespace

TEST_CASE("a burst of sign-ups from one address creates at most the hourly cap", "[abuse][signup]") {
  ServerFixture fx(ServerOptions{{"--trusted-proxies", "127.0.0.1", "--signups-per-address-hour", "4"}});
  std::vector<Json> burst;
  for (int i = 0; i < 16; ++i) burst.push_back(sign_up("sybil" + std::to_string(i)));
  const auto replies = send_at_once(fx.server.port(), burst, "203.0.113.50");
  const auto codes = reply_codes(replies);
  CHECK(codes.count("ok") == 1);
  CHECK(codes.at("ok") == 4);
  CHECK(codes.at("rate_limited") == 12);
  for (const Json& reply : replies) {
    if (reply.value("code", "") != "rate_limited") continue;
    CHECK_THAT(reply.value("message", ""), Catch::Contains("at most 4 an hour"));
  }

  // Exactly the accounts that were told ok exist.
  auto asker = connect_from(fx.server.port(), "198.51.100.9");
  int existing = 0;
  for (std::size_t i = 0; i < burst.size(); ++i) {
    const std::string name = burst[i]["name"];
    const std::string found = code_of(*asker, {{"type", "user.info"}, {"name", name}});
    CHECK(found == (replies[i].value("type", "") == "ok" ? "ok" : "not_found"));
    existing += found == "ok";
  }
  CHECK(existing == 4);

  // The cap counts accounts made: a refused name does not use it up, and
  // another address has its own.
  CHECK(code_of(*asker, sign_up("sybil0")) != "rate_limited");
  CHECK(code_of(*asker, sign_up("honest")) == "ok");
  auto same = connect_from(fx.server.port(), "203.0.113.50");
  CHECK(code_of(*same, sign_up("late")) == "rate_limited");
}
