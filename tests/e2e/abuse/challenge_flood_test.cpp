// One account sends challenges from every connection at once. Pending
// challenges per sender are counted on the lobby's strand: only the cap
// reaches the target, the rest get `limit_reached`, and others still
// challenge the same target.
#include <catch2/catch.hpp>

#include "tests/e2e/abuse/crowd_support.hpp"
#include "tests/e2e/server/server_fixture.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

// The defaults (server/config/README.md).
constexpr std::size_t challenges_per_user = 5;
constexpr std::size_t connections_per_user = 8;
constexpr std::size_t challenges_per_connection = 6;

Json challenge_to(const std::string& name) {
  return {{"type", "challenge"}, {"to", name}, {"settings", {{"size", 9}, {"rated", false}}}};
}

}  // namespace

TEST_CASE("a challenge flood from every connection of one user delivers only the cap", "[abuse][lobby][challenges]") {
  ServerFixture fx;
  Player sender = fx.registered("pesterer");
  Player target = fx.registered("target");

  const Connections crowd = resumed_connections(fx.server.port(), sender.token(), connections_per_user - 1);
  const std::vector<Json> replies =
      send_everywhere_then_collect(crowd, std::vector<Json>(challenges_per_connection, challenge_to("target")));

  REQUIRE(replies.size() == crowd.size() * challenges_per_connection);
  CHECK(count_ok(replies) == challenges_per_user);
  CHECK(count_code(replies, "limit_reached") == replies.size() - challenges_per_user);
  const Json refusal = first_with_code(replies, "limit_reached");
  REQUIRE(refusal.is_object());
  CHECK(refusal["message"].get<std::string>().find(std::to_string(challenges_per_user)) != std::string::npos);

  std::vector<std::int64_t> received;
  for (std::size_t i = 0; i < challenges_per_user; ++i) {
    received.push_back(target.wait_event("challenge")["challenge"]["id"].get<std::int64_t>());
  }
  CHECK(target.no_event("challenge", 300ms));

  // Someone else still gets through to the target.
  Player friendly = fx.registered("friendly");
  friendly.ok(challenge_to("target"));
  CHECK(target.wait_event("challenge")["challenge"]["from"]["name"] == "friendly");

  // A challenge that is declined frees its place.
  CHECK(sender.fails(challenge_to("target"))["code"] == "limit_reached");
  target.ok({{"type", "challenge.decline"}, {"challenge", received.front()}});
  sender.ok(challenge_to("target"));
}
