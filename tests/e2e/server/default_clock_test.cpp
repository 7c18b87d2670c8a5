// The server's default_clock setting: seeks and challenges that name no
// clock are played on it, from the seek in the lobby to the running game;
// a request that names a clock keeps its own.
#include <catch2/catch.hpp>

#include "tests/e2e/server/game_helpers.hpp"
#include "tests/e2e/server/server_fixture.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

ServerOptions default_clock(const std::string& spec) {
  ServerOptions options;
  options.extra_args = {"--default-clock", spec};
  return options;
}

Json friendly_without_clock() { return {{"size", 9}, {"rated", false}}; }

}  // namespace

TEST_CASE("a seek without a clock is played on the configured default clock", "[server][clock]") {
  ServerFixture fx(default_clock("fischer:300/5/600"));
  Player alice = fx.registered("alice");
  Player bob = fx.registered("bob");
  const Json fischer = {{"system", "fischer"}, {"main_s", 300}, {"increment_s", 5}, {"max_s", 600}};

  Json own = friendly_without_clock();
  own["time"] = {{"system", "absolute"}, {"main_s", 900}};
  const Json kept = alice.ok({{"type", "seek.create"}, {"settings", own}});
  CHECK(kept["seek"]["settings"]["time"] == Json({{"system", "absolute"}, {"main_s", 900}}));
  alice.ok({{"type", "seek.cancel"}, {"seek", kept["seek"]["id"]}});

  const Json seek = alice.ok({{"type", "seek.create"}, {"settings", friendly_without_clock()}});
  CHECK(seek["seek"]["settings"]["time"] == fischer);
  const Json accepted = bob.ok({{"type", "seek.accept"}, {"seek", seek["seek"]["id"]}});
  REQUIRE(accepted["game"].is_number_integer());
  const auto game = accepted["game"].get<std::int64_t>();

  for (Player* p : {&alice, &bob}) {
    const Json start = p->wait_game_event(game, "game.start");
    INFO(p->name() << " got " << start.dump());
    CHECK(start["time"] == fischer);
    CHECK(start["clock"]["black"]["main_ms"] == 300'000);
    CHECK(start["clock"]["white"]["main_ms"] == 300'000);
  }
  const Json state = alice.watch(game)["state"];
  CHECK(state["time"] == fischer);
  CHECK(state["clock"]["white"]["main_ms"] == 300'000);
}

TEST_CASE("a challenge without a clock gets the default, rounded up to whole seconds", "[server][clock]") {
  ServerFixture fx(default_clock("byoyomi:90.5/2/10"));
  Player alice = fx.registered("alice");
  Player bob = fx.registered("bob");
  const Json byoyomi = {{"system", "byoyomi"}, {"main_s", 91}, {"periods", 2}, {"period_s", 10}};

  Json settings = friendly_without_clock();
  settings["color"] = "black";
  const std::int64_t game = start_game(alice, bob, settings);
  for (Player* p : {&alice, &bob}) {
    const std::vector<Json> events = p->history(game);
    REQUIRE_FALSE(events.empty());
    const Json& start = events.front();
    REQUIRE(start["type"] == "game.start");
    CHECK(start["time"] == byoyomi);
    CHECK(start["clock"]["black"] == Json({{"main_ms", 91'000}, {"periods", 2}, {"period_ms", 10'000}}));
  }
}

TEST_CASE("with no default clock a rated seek needs a clock of its own", "[server][clock]") {
  ServerFixture fx(default_clock("none"));
  Player alice = fx.registered("alice");
  CHECK(alice.fails({{"type", "seek.create"}})["code"] == "not_rated_eligible");
  const Json rated = alice.ok({{"type", "seek.create"}, {"settings", {{"time", {{"system", "byoyomi"}}}}}});
  CHECK(rated["seek"]["settings"]["time"]["system"] == "byoyomi");
  alice.ok({{"type", "seek.cancel"}, {"seek", rated["seek"]["id"]}});
  const Json friendly = alice.ok({{"type", "seek.create"}, {"settings", friendly_without_clock()}});
  CHECK(friendly["seek"]["settings"]["time"] == Json({{"system", "none"}}));
}
