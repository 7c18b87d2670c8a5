// Accepting the count agrees to one marking of dead stones, named by its
// version: an acceptance sent before the player heard of a newer marking
// (the opponent marked a chain and accepted at once) is refused and changes
// nothing, also when it comes from before a server restart; accepting the
// marking the player has seen ends the game with exactly that marking.
#include <catch2/catch.hpp>

#include <algorithm>

#include "tests/e2e/server/game_helpers.hpp"
#include "tests/e2e/server/server_fixture.hpp"

using namespace yunzi;
using namespace yunzi::e2e;

namespace {

// The version an event or state names (null when it names none).
Json version_of(const Json& scoring) { return scoring.value("marking_version", Json()); }

Json accept(std::int64_t game, const Json& marking_version) {
  return {{"type", "game.score.accept"}, {"game", game}, {"marking_version", marking_version}};
}

Json mark(std::int64_t game, const std::string& vertex) {
  return {{"type", "game.dead"}, {"game", game}, {"vertex", vertex}, {"dead", true}};
}

std::string current_version_message(const Json& version) {
  return "the marking changed: version " + version.dump() + " is current";
}

}  // namespace

TEST_CASE("an acceptance of a marking the player never saw is refused", "[abuse][scoring]") {
  ServerFixture fx;
  Player alice = fx.registered("alice");  // Black
  Player bob = fx.registered("bob");      // White
  Player carol = fx.player("carol");      // looks at the game from outside
  const std::int64_t game = start_game(alice, bob);
  const CountedRecord& record = counted_record();
  play_moves(alice, bob, game, record.moves, {&alice, &bob});
  for (Player* p : {&alice, &bob}) p->wait_game_event(game, "game.scoring");

  alice.ok(mark(game, record.dead_white_stone));
  const Json seen_by_black = alice.wait_game_event(game, "game.scoring");
  bob.wait_game_event(game, "game.scoring");
  CHECK(version_of(seen_by_black).is_number_integer());

  // White marks one of Black's chains and accepts at once; Black's
  // acceptance is on its way before Black has read either event.
  bob.ok(mark(game, record.dead_black_stone));
  const Json marked = bob.wait_game_event(game, "game.scoring");
  CHECK(version_of(marked) != version_of(seen_by_black));
  bob.ok(accept(game, version_of(marked)));
  const Json white_accepted = bob.wait_game_event(game, "game.scoring");
  CHECK(white_accepted["accepted"] == Json({{"black", false}, {"white", true}}));
  CHECK(version_of(white_accepted) == version_of(marked));

  Json refused = alice.fails(accept(game, version_of(seen_by_black)));
  CHECK(refused["code"] == "conflict");
  CHECK(refused["message"] == current_version_message(version_of(marked)));

  // Nothing was accepted: the game is where White's acceptance left it.
  const Json state = carol.watch(game)["state"];
  INFO("state after the refusal: " << state.dump());
  CHECK(state["phase"] == "scoring");
  CHECK(state["seq"] == white_accepted["seq"]);
  CHECK(version_of(state) == version_of(marked));
  CHECK(sorted_vertices(state["dead"]) ==
        sorted_vertices(Json::array({record.dead_white_stone, record.dead_black_stone})));

  // An acceptance that names no marking is refused too.
  Json unnamed = alice.fails({{"type", "game.score.accept"}, {"game", game}});
  CHECK(unnamed["code"] == "bad_request");
  CHECK(unnamed.value("message", std::string()).find("marking_version") != std::string::npos);

  // Black reads on, sees the new marking and accepts it: the count uses it.
  const Json seen_now = alice.wait_game_event(game, "game.scoring");
  CHECK(sorted_vertices(seen_now["dead"]) == sorted_vertices(marked["dead"]));
  alice.wait_game_event(game, "game.scoring");  // White's acceptance
  alice.ok(accept(game, version_of(seen_now)));
  for (Player* p : {&alice, &bob}) {
    const Json end = p->wait_game_event(game, "game.end");
    INFO(p->name() << " got " << end.dump());
    CHECK(end["reason"] == "count");
    CHECK(end["result"] == engine_result(record, 7.5));
    CHECK(end["score"] == Json({{"black", 45}, {"white", 36}, {"komi", 7.5}}));
  }
  for (const Json& event : alice.history(game)) {
    if (event["type"] != "game.scoring") continue;
    INFO(event.dump());
    CHECK(event["accepted"]["black"] == false);  // no acceptance of Black's was ever counted
  }
  CHECK(alice.seq_errors() == std::vector<std::string>{});
}

TEST_CASE("an acceptance from before a server restart does not agree to the marking after it", "[abuse][scoring]") {
  ServerFixture fx;
  Player alice = fx.registered("alice");
  Player bob = fx.registered("bob");
  const std::int64_t game = start_game(alice, bob);
  const CountedRecord& record = counted_record();
  play_moves(alice, bob, game, record.moves, {&alice, &bob});
  alice.wait_game_event(game, "game.scoring");
  alice.ok(mark(game, record.dead_white_stone));
  const Json before = alice.wait_game_event(game, "game.scoring");
  CHECK(version_of(before).is_number_integer());

  fx.server.kill();
  auto started = fx.server.start();
  if (!started) FAIL("the server did not start again: " << started.error());
  for (Player* p : {&alice, &bob}) {
    p->set_port(fx.server.port());
    p->connect();
    p->resume();
  }

  // The restarted game counts again from no marks: the old version names
  // nothing the server holds now.
  Json refused = alice.fails(accept(game, version_of(before)));
  CHECK(refused["code"] == "conflict");
  const Json state = alice.watch(game)["state"];
  INFO("state after the restart: " << state.dump());
  CHECK(state["phase"] == "scoring");
  CHECK(state["dead"] == Json::array());
  REQUIRE(version_of(state).is_number_integer());
  CHECK(version_of(state).get<std::int64_t>() > version_of(before).get<std::int64_t>());
  CHECK(refused["message"] == current_version_message(version_of(state)));

  alice.ok(accept(game, version_of(state)));
  bob.ok(accept(game, version_of(state)));
  const Json end = alice.wait_game_event(game, "game.end");
  CHECK(end["reason"] == "count");
  // Both intruders alive: the points around each are shared, and the two
  // sides stand even before komi.
  CHECK(end["result"] == "W+7.5");
  CHECK(end["score"] == Json({{"black", 40.5}, {"white", 40.5}, {"komi", 7.5}}));
}
