// Article 6 of the Chinese rules forbids any move that makes the opponent
// face a position seen before: rated games are played under situational
// superko, whatever a request says. A rated seek or challenge naming another
// ko rule is refused with not_rated_eligible; friendly games may choose.
#include <catch2/catch.hpp>

#include "tests/e2e/ranking/ranked_server.hpp"
#include "tests/e2e/server/game_helpers.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

Json rated_with_ko(const std::string& ko) {
  Json settings = rated_settings();
  settings["ko"] = ko;
  return settings;
}

}  // namespace

TEST_CASE("a rated request naming a ko rule other than situational superko is refused", "[ranking][e2e]") {
  RankedServer ranked;
  Player alice = ranked.registered("alice", "5k");
  Player bob = ranked.registered("bob", "5k");

  for (const char* ko : {"simple", "positional"}) {
    INFO(ko);
    const Json challenge = alice.fails({{"type", "challenge"}, {"to", "bob"}, {"settings", rated_with_ko(ko)}});
    CHECK(challenge["code"] == "not_rated_eligible");
    CHECK_THAT(challenge["message"].get<std::string>(), Catch::Contains("situational superko"));
    CHECK_THAT(challenge["message"].get<std::string>(), Catch::Contains(ko));
    const Json seek = alice.fails({{"type", "seek.create"}, {"settings", rated_with_ko(ko)}});
    CHECK(seek["code"] == "not_rated_eligible");
  }
  CHECK(alice.ok({{"type", "lobby.watch"}})["seeks"] == Json::array());

  // Said explicitly or left out, situational superko is what a rated game plays.
  const Json explicit_start = start_rated_game(alice, bob);
  CHECK(explicit_start["ko"] == "situational");
  alice.ok({{"type", "game.resign"}, {"game", explicit_start["game"]}});
  bob.wait_game_event(explicit_start["game"].get<std::int64_t>(), "game.end");

  Json without_ko = rated_settings();
  without_ko.erase("ko");
  const Json sent = bob.ok({{"type", "challenge"}, {"to", "alice"}, {"settings", without_ko}});
  CHECK(sent["challenge"]["settings"]["ko"] == "situational");
  const auto id = sent["challenge"]["id"].get<std::int64_t>();
  alice.wait_event("challenge", [&](const Json& e) { return e["challenge"]["id"] == id; });
  const auto game = alice.ok({{"type", "challenge.accept"}, {"challenge", id}})["game"].get<std::int64_t>();
  CHECK(alice.wait_game_event(game, "game.start")["ko"] == "situational");
}

TEST_CASE("a friendly game may be played under simple ko", "[ranking][e2e]") {
  RankedServer ranked;
  Player alice = ranked.registered("alice", "5k");
  Player bob = ranked.registered("bob", "5k");
  Json settings = friendly_settings();
  settings["ko"] = "simple";
  const std::int64_t game = start_game(alice, bob, settings);
  CHECK(alice.history(game).front()["ko"] == "simple");
}
