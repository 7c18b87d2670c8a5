// Games in progress per user: a user at the cap can neither start another
// game nor be drawn into one, and acceptances that race for the last place
// (several opponents accepting the same user's challenges at once) get it
// once. The lobby counts games in progress and games being created on its
// strand.
#include <catch2/catch.hpp>

#include "tests/e2e/abuse/crowd_support.hpp"
#include "tests/e2e/server/game_helpers.hpp"
#include "tests/e2e/server/server_fixture.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

// The default (server/config/README.md).
constexpr int games_per_user = 10;

Json challenge_to(const std::string& name) {
  return {{"type", "challenge"}, {"to", name}, {"settings", friendly_settings()}};
}

bool mentions(const Json& reply, const std::string& text) {
  return reply.value("message", "").find(text) != std::string::npos;
}

}  // namespace

TEST_CASE("a user at the games cap starts no further game", "[abuse][lobby][games]") {
  ServerFixture fx;
  Player busy = fx.registered("busy");
  Player partner = fx.registered("partner");
  for (int i = 0; i < games_per_user - 1; ++i) start_game(busy, partner);

  // The last place, raced for: five opponents accept busy's challenges at once.
  std::vector<Player> rivals;
  for (int i = 0; i < 5; ++i) rivals.push_back(fx.registered("rival" + std::to_string(i)));
  std::vector<Json> accepts;
  std::vector<client::WsClient*> sides;
  for (Player& rival : rivals) {
    const auto id = busy.ok(challenge_to(rival.name()))["challenge"]["id"].get<std::int64_t>();
    rival.wait_event("challenge");
    accepts.push_back({{"type", "challenge.accept"}, {"challenge", id}});
    sides.push_back(&rival.ws());
  }
  const std::vector<Json> replies = send_side_by_side(sides, accepts);
  CHECK(count_ok(replies) == 1);
  CHECK(count_code(replies, "limit_reached") == replies.size() - 1);
  const Json refusal = first_with_code(replies, "limit_reached");
  REQUIRE(refusal.is_object());
  CHECK(mentions(refusal, "busy"));
  CHECK(mentions(refusal, std::to_string(games_per_user)));

  // At the cap busy may not seek, challenge or accept a seek.
  Player fresh = fx.registered("fresh");
  Player other = fx.registered("other");
  const Json seek_refused = busy.fails({{"type", "seek.create"}, {"settings", friendly_settings()}});
  CHECK(seek_refused["code"] == "limit_reached");
  CHECK(mentions(seek_refused, "games"));
  const Json challenge_refused = busy.fails(challenge_to("fresh"));
  CHECK(challenge_refused["code"] == "limit_reached");
  CHECK(mentions(challenge_refused, "games"));
  const auto seek =
      other.ok({{"type", "seek.create"}, {"settings", friendly_settings()}})["seek"]["id"].get<std::int64_t>();
  const Json accept_refused = busy.fails({{"type", "seek.accept"}, {"seek", seek}});
  CHECK(accept_refused["code"] == "limit_reached");
  CHECK(mentions(accept_refused, "games"));

  // The seek is still there for someone below the cap, and others still play.
  CHECK(fresh.ok({{"type", "seek.accept"}, {"seek", seek}})["game"].is_number_integer());
  Player third = fx.registered("third");
  CHECK(start_game(third, partner) > 0);
}
