// Quick play on the real server: a player is paired at once with the
// longest-waiting player who asked for the same settings, other settings
// wait apart, rated quick play keeps to the rank gap, and leaving the
// queue, going offline or starting another game takes a player out of it.
#include <catch2/catch.hpp>

#include <set>
#include <thread>

#include "tests/e2e/server/game_helpers.hpp"
#include "tests/e2e/server/server_fixture.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

Json quick(int size, bool rated = false) {
  return {{"type", "automatch.join"}, {"settings", {{"size", size}, {"rated", rated}}}};
}

// The game `joiner` was paired into at once; both players get its game.start.
std::int64_t paired(Player& joiner, Player& waiting, const Json& request) {
  const Json reply = joiner.ok(request);
  INFO(reply.dump());
  REQUIRE(reply.contains("game"));
  const auto game = reply["game"].get<std::int64_t>();
  std::set<std::string> seated;
  for (Player* p : {&joiner, &waiting}) {
    const Json start = p->wait_game_event(game, "game.start");
    seated = {start["black"]["name"], start["white"]["name"]};
    CHECK(start["size"] == request["settings"]["size"]);
  }
  CHECK(seated == std::set<std::string>{joiner.name(), waiting.name()});
  return game;
}

void queued(Player& p, const Json& request, int others_waiting) {
  const Json reply = p.ok(request);
  INFO(p.name() << ": " << reply.dump());
  CHECK(reply["queued"] == true);
  CHECK(reply["waiting"] == others_waiting);
}

}  // namespace

TEST_CASE("quick play pairs players who ask for the same settings", "[server][automatch]") {
  ServerFixture fx;
  Player ann = fx.registered("ann");
  Player bob = fx.registered("bob");
  Player cat = fx.registered("cat");
  Player dan = fx.registered("dan");

  queued(ann, quick(9), 0);
  queued(bob, quick(13), 0);  // another board waits apart
  paired(cat, ann, quick(9));
  queued(dan, quick(9), 0);    // ann is playing now: dan waits
  paired(bob, dan, quick(9));  // bob asks again, for 9x9: the 13x13 request is replaced
  Player eve = fx.registered("eve");
  queued(eve, quick(13), 0);  // bob's 13x13 request is gone

  // Leaving, and leaving twice.
  eve.ok({{"type", "automatch.leave"}});
  CHECK(eve.fails({{"type", "automatch.leave"}})["code"] == "not_found");
  Player fay = fx.registered("fay");
  queued(fay, quick(13), 0);
}

TEST_CASE("rated quick play pairs within the rank gap, the longest waiting first", "[server][automatch]") {
  ServerFixture fx;
  Player five = fx.registered("fivekyu", "5k");
  Player three = fx.registered("threekyu", "3k");
  Player four = fx.registered("fourkyu", "4k");
  Player other_four = fx.registered("otherfour", "4k");

  queued(five, quick(19, true), 0);
  queued(three, quick(19, true), 1);    // two steps from 5k: no rated game between them
  paired(four, five, quick(19, true));  // 4k may play both; 5k waited longer
  paired(other_four, three, quick(19, true));
  // One rated game at a time: a player in a rated game waits in vain for another.
  queued(five, quick(19, true), 0);
  Player again = fx.registered("againfour", "4k");
  queued(again, quick(19, true), 1);
}

TEST_CASE("going offline or sitting down to another game leaves the queue", "[server][automatch]") {
  ServerFixture fx;
  Player ann = fx.registered("ann");
  Player bob = fx.registered("bob");
  Player cat = fx.registered("cat");

  queued(ann, quick(9), 0);
  ann.drop();
  // The server notices the closed connection on its own time.
  for (int attempt = 0; attempt < 250 && bob.ok({{"type", "user.info"}, {"name", "ann"}})["online"] == true;
       ++attempt) {
    std::this_thread::sleep_for(20ms);
  }
  queued(bob, quick(9), 0);  // ann left with her connection

  start_game(bob, cat);  // bob's challenge to cat starts a game: bob no longer waits
  Player dan = fx.registered("dan");
  queued(dan, quick(9), 0);

  // Quick play is even, with the colours drawn.
  CHECK(dan.fails({{"type", "automatch.join"},
                   {"settings", {{"size", 9}, {"handicap", 2}, {"rated", false}}}})["code"] == "bad_request");
  Player anonymous = fx.player("anonymous");
  anonymous.connect();
  CHECK(anonymous.fails(quick(9))["code"] == "unauthenticated");
}

TEST_CASE("quick play pairs only players who ask for the same clock", "[server][automatch]") {
  ServerFixture fx;
  Player ann = fx.registered("ann");
  Player bob = fx.registered("bob");
  Player cat = fx.registered("cat");
  const Json blitz = {{"system", "byoyomi"}, {"main_s", 60}, {"periods", 3}, {"period_s", 30}};
  const Json slow = {{"system", "byoyomi"}, {"main_s", 600}, {"periods", 3}, {"period_s", 60}};
  auto with_clock = [](const Json& time) {
    Json request = quick(9);
    request["settings"]["time"] = time;
    return request;
  };
  // The game `joiner` is paired into at once, played on `time` for both.
  auto paired_on = [](Player& joiner, Player& waiting, const Json& request, const Json& time) {
    const Json reply = joiner.ok(request);
    INFO(reply.dump());
    REQUIRE(reply.contains("game"));
    const auto game = reply["game"].get<std::int64_t>();
    for (Player* p : {&joiner, &waiting}) {
      const Json start = p->wait_game_event(game, "game.start");
      INFO(p->name() << " got " << start.dump());
      CHECK(start["time"] == time);
      CHECK(start["clock"]["black"]["main_ms"] == time["main_s"].get<std::int64_t>() * 1000);
    }
  };

  queued(ann, with_clock(blitz), 0);
  queued(bob, with_clock(slow), 0);               // another clock waits apart
  queued(cat, quick(9), 0);                       // so does the server's default clock
  paired_on(cat, ann, with_clock(blitz), blitz);  // cat asks again, on ann's clock
  Player dan = fx.registered("dan");
  paired_on(dan, bob, with_clock(slow), slow);

  Player eve = fx.registered("eve");
  const Json bad = with_clock({{"system", "byoyomi"}, {"main_s", -1}, {"periods", 3}, {"period_s", 30}});
  CHECK(eve.fails(bad)["code"] == "bad_request");
}
